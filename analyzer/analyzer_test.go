package analyzer_test

import (
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), analyzer.Analyzer, "sinks", "guards")
}
