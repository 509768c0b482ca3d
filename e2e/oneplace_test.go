package e2e

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// TestOnePlaceExample checks issue 42's promise over the example module:
// no type mixes a guarded helper with inline checks of direct recorder
// calls, and no function that only emits gets more than one check.
func TestOnePlaceExample(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the example module's dependencies")
	}
	t.Parallel()
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: e2eModule(t)}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("the example module does not load")
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{analyzer.Analyzer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	findings := 0
	for _, act := range graph.Roots {
		findings += len(act.Diagnostics)
		for _, v := range testkit.OnePlace(act.Package.Fset, act.Package.Syntax, act.Diagnostics) {
			t.Errorf("%s: %s", act.Package.PkgPath, v)
		}
	}
	if findings == 0 {
		t.Fatal("no findings in the example module")
	}
}
