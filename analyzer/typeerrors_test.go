package analyzer_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
	"github.com/ctxnotify/ctxnotify-lint/internal/driver"
)

// TestTypeErrors runs the analyzer as the standalone command runs it on a
// package that does not type-check (typeerrors/broken) and on a package
// that imports it: the findings the types allow, and the facts.
func TestTypeErrors(t *testing.T) {
	results := analysistest.Run(t, testdata, driver.DespiteErrors(analyzer.Analyzer), "typeerrors/broken", "typeerrors/importer")
	for _, r := range results {
		if r.Action.Package.PkgPath == "typeerrors/broken" && len(r.Action.Package.TypeErrors) == 0 {
			t.Error("typeerrors/broken type-checks: the test needs a package with type errors")
		}
	}
}
