package analyzer_test

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// analyze loads patterns from the catalogue tree dir as analysistest does
// (GOPATH mode, or module mode where dir has a go.mod), tests included,
// and runs a over them, for the tests that read the results themselves
// rather than match "// want" comments. A package that does not load
// fails the test; the analysis' own errors are in the actions.
func analyze(t *testing.T, dir string, a *analysis.Analyzer, patterns ...string) []*checker.Action {
	t.Helper()
	env := []string{"GOPATH=" + dir, "GO111MODULE=off", "GOWORK=off"}
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
		env = []string{"GO111MODULE=on", "GOPROXY=off", "GOWORK=off"}
	}
	cfg := &packages.Config{
		Mode:  packages.LoadAllSyntax | packages.NeedModule,
		Dir:   dir,
		Tests: true,
		Env:   append(os.Environ(), env...),
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 || len(pkgs) == 0 {
		t.Fatalf("%s: %v did not load", dir, patterns)
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	return graph.Roots
}
