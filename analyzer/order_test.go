package analyzer_test

import (
	"fmt"
	"go/ast"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
)

// TestOrderAcrossFiles checks that findings come in file-name order, then
// source order, whatever order the files were parsed in and are listed
// in: go/packages parses a package's files in parallel, so token.Pos
// order across files changes from run to run, and with it the -json
// output (seen in the sweep over the example module). Each case has
// b.go's findings first in token.Pos order, in the order of the
// package's files, or both, so that only a sort by file name puts a.go's
// first.
func TestOrderAcrossFiles(t *testing.T) {
	src := func(name string) string {
		return `package p

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
)

func ` + name + `(ctx context.Context, rec record.EventRecorder, obj *corev1.ConfigMap) {
	rec.Event(obj, corev1.EventTypeWarning, "Failed", "first")
	rec.Event(obj, corev1.EventTypeWarning, "Failed", "second")
}
`
	}
	want := []string{"a.go:11", "a.go:12", "b.go:11", "b.go:12"}
	for _, tc := range []struct {
		name   string
		parse  []string // the order the files are parsed in: token.Pos order
		listed []string // the order of the package's files (Syntax)
	}{
		{"b parsed first, files in name order (as go/packages may)", []string{"b", "a"}, []string{"a", "b"}},
		{"b parsed first and listed first", []string{"b", "a"}, []string{"b", "a"}},
		{"a parsed first, b listed first", []string{"a", "b"}, []string{"b", "a"}},
	} {
		dir := t.TempDir()
		files := make(map[string]*ast.File)
		for _, name := range tc.parse {
			f, err := parseSource(t, dir, name+".go", src(name))
			if err != nil {
				t.Fatal(err)
			}
			files[name] = f
		}
		if first, second := files[tc.parse[0]], files[tc.parse[1]]; first.Pos() >= second.Pos() {
			t.Fatalf("%s: %s.go was parsed first, but its positions are not the lower", tc.name, tc.parse[0])
		}
		var syntax []*ast.File
		for _, name := range tc.listed {
			syntax = append(syntax, files[name])
		}
		root, errs := checkSource(t, syntax...)
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		graph := analyzePackage(t, analyzer.Analyzer, root, nil)
		if len(graph.Roots) != 1 {
			t.Fatalf("%d root actions, want 1", len(graph.Roots))
		}
		act := graph.Roots[0]
		var got []string
		for _, d := range act.Diagnostics {
			posn := root.Fset.Position(d.Pos)
			got = append(got, fmt.Sprintf("%s:%d", filepath.Base(posn.Filename), posn.Line))
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: findings at %v, want %v", tc.name, got, want)
		}
	}
}
