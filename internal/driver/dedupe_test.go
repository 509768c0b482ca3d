package driver

import (
	"fmt"
	"os"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// TestDedupe checks that a finding in a file of a package with tests,
// which the analysis meets twice (in b and in "b [b.test]"), is kept
// once, under b, and that its fix is met once.
func TestDedupe(t *testing.T) {
	t.Parallel()
	dir := testkit.WriteModule(t, testkit.SmallModule)
	lint, err := analyzer.New(analyzer.Config{Sinks: []string{testkit.SmallSink}})
	if err != nil {
		t.Fatal(err)
	}
	roots, err := Load(LoadConfig{Dir: dir, Tests: true}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	if PrintErrors(os.Stderr, roots) > 0 {
		t.Fatal("the module has errors")
	}
	PruneToAnalysed(roots)
	graph, err := checker.Analyze([]*analysis.Analyzer{lint}, roots, nil)
	if err != nil {
		t.Fatal(err)
	}
	findings := func() []string {
		var found []string
		for _, act := range graph.Roots {
			if act.Err != nil {
				t.Fatalf("%s: %v", act, act.Err)
			}
			for _, d := range act.Diagnostics {
				posn := act.Package.Fset.Position(d.Pos)
				found = append(found, fmt.Sprintf("%s: %s:%d", act.Package.ID, testkit.Rel(t, dir, posn.Filename), posn.Line))
			}
		}
		slices.Sort(found)
		return found
	}
	before := findings()
	if !slices.Contains(before, "example.com/m/b [example.com/m/b.test]: b/b.go:11") {
		t.Fatalf("the test variant of b has no finding; the test needs one: %q", before)
	}

	dedupe(graph.Roots)
	want := []string{"example.com/m/b: b/b.go:11", "example.com/m/c: c/c.go:10"}
	if got := findings(); !slices.Equal(got, want) {
		t.Errorf("after dedupe: %q, want %q (before: %q)", got, want, before)
	}
	fx, err := MergeFixes(graph.Roots, os.ReadFile)
	if err != nil {
		t.Fatal(err)
	}
	if len(fx.Applied) != 2 || fx.total != 2 {
		t.Errorf("%d of %d fixes applied, want 2 of 2", len(fx.Applied), fx.total)
	}
}
