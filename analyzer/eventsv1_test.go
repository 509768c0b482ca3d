package analyzer_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
)

// eventsv1 is the module-mode catalogue of a code base on Flux's runtime
// v0.117 and client-go v0.37, whose Flux events package cannot share the
// GOPATH tree with the struct of v0.111.
var eventsv1 = filepath.Join(testdata, "eventsv1")

func TestEventsV1Fixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, eventsv1, analyzer.Analyzer, "eventsv1/fixes")
}
