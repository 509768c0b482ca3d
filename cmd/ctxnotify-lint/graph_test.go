package main

import (
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// TestPruneToRoots loads b and events but not a, which sits between them:
// b must keep an edge to events (so facts reach it) and lose the one to
// a, whose syntax was not loaded; and a root's import of another root
// must be that root itself, with the same *types.Package.
func TestPruneToRoots(t *testing.T) {
	dir := testkit.WriteModule(t, testkit.SmallModule)
	cfg := &packages.Config{
		Dir:  dir,
		Mode: packages.NeedName | packages.NeedImports | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo,
	}
	roots, err := packages.Load(cfg, "./a", "./b", "./events")
	if err != nil || packages.PrintErrors(roots) > 0 {
		t.Fatal(err)
	}
	byPath := make(map[string]*packages.Package)
	for _, p := range roots {
		byPath[p.PkgPath] = p
	}
	a, b := byPath["example.com/m/a"], byPath["example.com/m/b"]
	if b.Imports["example.com/m/a"] != a || b.Types.Imports()[indexOf(b, "example.com/m/a")] != a.Types {
		t.Fatal("b's import of the root a is not the root itself")
	}

	roots, err = packages.Load(cfg, "./b", "./events")
	if err != nil {
		t.Fatal(err)
	}
	pruneToRoots(roots)
	b, events := roots[0], roots[1]
	if b.PkgPath != "example.com/m/b" {
		b, events = events, b
	}
	if len(b.Imports) != 1 || b.Imports[events.ID] != events {
		t.Errorf("b imports %v after pruning, want only %s (through a)", keys(b.Imports), events.ID)
	}
	if len(events.Imports) != 0 {
		t.Errorf("events imports %v after pruning, want none", keys(events.Imports))
	}
}

func indexOf(p *packages.Package, path string) int {
	for i, imp := range p.Types.Imports() {
		if imp.Path() == path {
			return i
		}
	}
	return -1
}

func keys(m map[string]*packages.Package) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}
