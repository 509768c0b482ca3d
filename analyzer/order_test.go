package analyzer_test

import (
	"go/ast"
	"go/parser"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
)

// TestOrderAcrossFiles checks that findings come in file order, whatever
// order the files were parsed in: go/packages parses a package's files in
// parallel, so token.Pos order across files changes from run to run, and
// with it the -json output (seen in the sweep over the e2e module).
func TestOrderAcrossFiles(t *testing.T) {
	src := func(name string) string {
		return `package p

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
)

func ` + name + `(ctx context.Context, rec record.EventRecorder, obj *corev1.ConfigMap) {
	rec.Event(obj, corev1.EventTypeWarning, "Failed", "m")
}
`
	}
	u := loadStubs()
	dir := t.TempDir()
	files := make(map[string]*ast.File)
	// b.go is parsed first, so its positions are lower than a.go's.
	for _, name := range []string{"b", "a"} {
		path := filepath.Join(dir, name+".go")
		if err := os.WriteFile(path, []byte(src(name)), 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(u.fset, path, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files[name] = f
	}
	root, errs := u.check("p", []*ast.File{files["a"], files["b"]})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{analyzer.Analyzer}, []*packages.Package{root}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, act := range graph.Roots {
		var order []string
		for _, d := range act.Diagnostics {
			order = append(order, filepath.Base(u.fset.Position(d.Pos).Filename))
		}
		if len(order) != 2 || order[0] != "a.go" {
			t.Errorf("findings in files %v, want a.go's then b.go's", order)
		}
	}
}
