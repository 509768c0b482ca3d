package callgraph

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"

	"golang.org/x/tools/go/ast/inspector"
)

// TestEscapesOneRule: the escaping variables that the guard functions'
// dataflows read (EscapingIn, before the graph exists) are those the
// graph's walk finds, a range loop that assigns an outer variable in a
// literal included.
func TestEscapesOneRule(t *testing.T) {
	const src = `package p

func f(xs []int) (n int) {
	var kept, ranged, inc, addr, local int
	func() {
		local := 1
		_ = local
		kept = 1
		for _, ranged = range xs {
		}
		inc++
	}()
	p := &addr
	_ = p
	for _, local = range xs {
	}
	return kept + ranged + inc + local
}
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Defs:       make(map[*ast.Ident]types.Object),
		Uses:       make(map[*ast.Ident]types.Object),
		Types:      make(map[ast.Expr]types.TypeAndValue),
		Selections: make(map[*ast.SelectorExpr]*types.Selection),
	}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{file}, info)
	if err != nil {
		t.Fatal(err)
	}
	in := inspector.New([]*ast.File{file})
	m := &Model{Fset: fset, Info: info, Pkg: pkg, Files: []*ast.File{file}, Generated: map[*ast.File]bool{file: false}, Inspect: in}
	for cur := range in.Root().Preorder((*ast.FuncDecl)(nil)) {
		d := cur.Node().(*ast.FuncDecl)
		m.Decls = append(m.Decls, Decl{Decl: d, Obj: info.Defs[d.Name].(*types.Func), file: file, cur: cur})
	}
	names := func(e Escapes) []string {
		var out []string
		for v := range e {
			out = append(out, v.Name())
		}
		slices.Sort(out)
		return out
	}
	want := []string{"addr", "inc", "kept", "ranged"}
	if got := names(EscapingIn(info, m.Decls)); !slices.Equal(got, want) {
		t.Errorf("EscapingIn: %q, want %q", got, want)
	}
	if got := names(NewGraph(m, func(*types.Func) bool { return false }).Escaping); !slices.Equal(got, want) {
		t.Errorf("NewGraph's Escaping: %q, want %q", got, want)
	}
}
