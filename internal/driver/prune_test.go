package driver_test

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
	"github.com/ctxnotify/ctxnotify-lint/internal/driver"
	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// load loads the packages of dir named by patterns as the command does,
// without test variants, and fails the test on any error.
func load(t *testing.T, dir string, patterns ...string) map[string]*packages.Package {
	t.Helper()
	roots, err := driver.Load(driver.LoadConfig{Dir: dir}, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	if driver.PrintErrors(os.Stderr, roots) > 0 {
		t.Fatalf("%v: the packages have errors", patterns)
	}
	if len(roots) != len(patterns) {
		t.Fatalf("%v: loaded %d packages", patterns, len(roots))
	}
	byPath := make(map[string]*packages.Package)
	for _, p := range roots {
		byPath[p.PkgPath] = p
	}
	return byPath
}

// TestPruneToRoots loads b and events but not a, which sits between them:
// b must keep an edge to events (so facts reach it) and lose the one to
// a, whose syntax was not loaded; and a root's import of another root
// must be that root itself, with the same *types.Package.
func TestPruneToRoots(t *testing.T) {
	t.Parallel()
	dir := testkit.WriteModule(t, testkit.SmallModule)

	byPath := load(t, dir, "./a", "./b", "./events")
	a, b := byPath["example.com/m/a"], byPath["example.com/m/b"]
	if b.Imports["example.com/m/a"] != a || !slices.Contains(b.Types.Imports(), a.Types) {
		t.Fatal("b's import of the root a is not the root itself")
	}

	byPath = load(t, dir, "./b", "./events")
	b, events := byPath["example.com/m/b"], byPath["example.com/m/events"]
	driver.PruneToAnalysed([]*packages.Package{b, events})
	if len(b.Imports) != 1 || b.Imports[events.ID] != events {
		t.Errorf("b imports %v after pruning, want only %s (through a)", keys(b.Imports), events.ID)
	}
	if len(events.Imports) != 0 {
		t.Errorf("events imports %v after pruning, want none", keys(events.Imports))
	}
}

// TestFactsThroughNonRoot checks that facts flow between two roots through
// a package that is not analyzed: c calls a.Notifier.Notify, an emitter
// (a fact of package a), on a value it gets from wrap, and imports a only
// through wrap. With a and c named, wrap comes from export data and is
// pruned away, yet c's call is reported; with c alone, a is not analyzed,
// no fact exists, and nothing is. (The driver's Options hold no
// configured sink, so it analyses no dependency for its facts.)
func TestFactsThroughNonRoot(t *testing.T) {
	t.Parallel()
	if strings.Contains(testkit.SmallModule["c/c.go"], `"example.com/m/a"`) {
		t.Fatal("c imports a directly; the test needs a package between them")
	}
	dir := testkit.WriteModule(t, testkit.SmallModule)
	lint, err := analyzer.New(analyzer.Config{Sinks: []string{testkit.SmallSink}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		patterns []string
		want     []string
	}{
		{[]string{"./a", "./c"}, []string{"c/c.go:10:2"}},
		{[]string{"./c"}, nil},
	} {
		res, err := driver.Analyze(lint, driver.Options{Enabled: true, Dir: dir}, tc.patterns, os.Stderr)
		if err != nil {
			t.Fatal(err)
		}
		roots := make(map[string]*packages.Package)
		for _, act := range res.Graph.Roots {
			roots[act.Package.PkgPath] = act.Package
		}
		if a, c := roots["example.com/m/a"], roots["example.com/m/c"]; a != nil && c.Imports[a.ID] != a {
			t.Fatalf("%v: c does not import a after pruning: %v", tc.patterns, keys(c.Imports))
		}
		var got []string
		for act := range res.Graph.All() {
			if act.Err != nil {
				t.Fatalf("%v: %s: %v", tc.patterns, act, act.Err)
			}
			if act.Package.PkgPath == "example.com/m/wrap" {
				t.Fatalf("%v: wrap was analyzed", tc.patterns)
			}
			if !act.IsRoot {
				continue
			}
			for _, d := range act.Diagnostics {
				posn := act.Package.Fset.Position(d.Pos)
				got = append(got, fmt.Sprintf("%s:%d:%d", testkit.Rel(t, dir, posn.Filename), posn.Line, posn.Column))
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%v: findings at %v, want %v", tc.patterns, got, tc.want)
		}
	}
}

func keys(m map[string]*packages.Package) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}
