package rungen_test

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"slices"
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/e2e/internal/rungen"
)

// TestRunGen checks the generator alone, without compiling or running
// anything: over the inputs of the oracle's first batches and their
// prefixes (short inputs make small programs), every program parses, is
// gofmt-clean, is the same when generated again, has one line per site,
// on a call whose arguments hold its reason, and imports nothing it does
// not use; and every shape appears often enough that each batch of the
// oracle meets it.
func TestRunGen(t *testing.T) {
	counts := make(map[rungen.Shape]int)
	programs := 0
	for seed := range uint64(5) {
		for i, input := range rungen.Inputs(seed, 40) {
			for _, n := range []int{0, 7, 40, len(input)} {
				p := generate(t, "c00", input[:n])
				programs++
				for s, c := range p.Shapes {
					counts[s] += c
				}
				if n == len(input) {
					again := generate(t, "c00", input)
					if !bytes.Equal(p.Source, again.Source) {
						t.Fatalf("seed %d, program %d: two programs from one input", seed, i)
					}
				}
			}
		}
	}
	// Each shape in at least one program in 40 on average: the oracle's
	// batches hold 40.
	for _, s := range rungen.Shapes {
		if counts[s] < programs/40 {
			t.Errorf("shape %q: %d times in %d programs, want at least %d", s, counts[s], programs, programs/40)
		}
	}
	for s := range counts {
		if !slices.Contains(rungen.Shapes, s) {
			t.Errorf("shape %q is counted but not listed in rungen.Shapes", s)
		}
	}
	t.Logf("%d programs; shapes: %v", programs, counts)
}

// generate writes a program and checks it.
func generate(t *testing.T, name string, input []byte) *rungen.Program {
	t.Helper()
	p, err := rungen.Generate(name, input)
	if err != nil {
		t.Fatal(err)
	}
	formatted, err := format.Source(p.Source)
	if err != nil || !bytes.Equal(formatted, p.Source) {
		t.Fatalf("input %x: the program is not gofmt-clean (%v)\n%s", input, err, rungen.Numbered(p.Source))
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "controller.go", p.Source, 0)
	if err != nil {
		t.Fatalf("input %x: %v", input, err)
	}
	checkSites(t, fset, f, p)
	checkImports(t, f, p)
	return p
}

// checkSites checks that each site's line starts a call that has its
// reason among its arguments, and that no two sites share a line.
func checkSites(t *testing.T, fset *token.FileSet, f *ast.File, p *rungen.Program) {
	t.Helper()
	calls := make(map[int]*ast.CallExpr) // by the line the call starts on
	ast.Inspect(f, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			line := fset.Position(c.Pos()).Line
			if calls[line] == nil {
				calls[line] = c
			}
		}
		return true
	})
	lines := make(map[int]string)
	for _, s := range p.Sites {
		if other, ok := lines[s.Line]; ok {
			t.Fatalf("sites %s and %s on line %d\n%s", other, s.Tag, s.Line, rungen.Numbered(p.Source))
		}
		lines[s.Line] = s.Tag
		c := calls[s.Line]
		if c == nil || !hasArg(c, `"`+s.Tag+`"`) {
			t.Fatalf("site %s: line %d starts no call with the reason among its arguments\n%s", s.Tag, s.Line, rungen.Numbered(p.Source))
		}
	}
}

func hasArg(c *ast.CallExpr, lit string) bool {
	for _, a := range c.Args {
		if b, ok := a.(*ast.BasicLit); ok && b.Value == lit {
			return true
		}
	}
	return false
}

// checkImports checks that every import is used, by the name it is
// imported under (the compiler would refuse the program otherwise).
func checkImports(t *testing.T, f *ast.File, p *rungen.Program) {
	t.Helper()
	used := make(map[string]bool)
	ast.Inspect(f, func(n ast.Node) bool {
		if s, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := s.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	for _, imp := range f.Imports {
		path := strings.Trim(imp.Path.Value, `"`)
		name := path[strings.LastIndex(path, "/")+1:]
		if imp.Name != nil {
			name = imp.Name.Name
		}
		if name == "v1" {
			name = "corev1"
		}
		if !used[name] {
			t.Fatalf("import %s is not used\n%s", imp.Path.Value, rungen.Numbered(p.Source))
		}
	}
}
