package driver

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

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
	cfg := analyzer.Config{Sinks: []string{testkit.SmallSink}}
	lint, err := analyzer.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Analyze(lint, Options{Enabled: true, Dir: dir, Tests: true, Config: cfg}, []string{"./..."}, os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	if res.Errors > 0 {
		t.Fatal("the module has errors")
	}
	// The test variant of b analysed b.go too: its finding there is the
	// copy that dedupe drops.
	testVariantOfB := slices.ContainsFunc(res.Graph.Roots, func(act *checker.Action) bool {
		return act.Package.ID == "example.com/m/b [example.com/m/b.test]" &&
			slices.ContainsFunc(act.Package.CompiledGoFiles, func(name string) bool { return filepath.Base(name) == "b.go" })
	})
	if !testVariantOfB {
		t.Fatal("b.go was not analysed as part of the test variant of b; the test needs it")
	}
	var found []string
	for _, act := range res.Graph.Roots {
		if act.Err != nil {
			t.Fatalf("%s: %v", act, act.Err)
		}
		for _, d := range act.Diagnostics {
			posn := act.Package.Fset.Position(d.Pos)
			found = append(found, fmt.Sprintf("%s: %s:%d", act.Package.ID, testkit.Rel(t, dir, posn.Filename), posn.Line))
		}
	}
	slices.Sort(found)
	if want := []string{"example.com/m/b: b/b.go:11", "example.com/m/c: c/c.go:10"}; !slices.Equal(found, want) {
		t.Errorf("findings %q, want %q", found, want)
	}
	fx, err := MergeFixes(res.Graph.Roots, os.ReadFile)
	if err != nil {
		t.Fatal(err)
	}
	if len(fx.Applied) != 2 || fx.total != 2 {
		t.Errorf("%d of %d fixes applied, want 2 of 2", len(fx.Applied), fx.total)
	}
}
