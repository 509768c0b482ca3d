package syntax

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

func TestIdentAndVar(t *testing.T) {
	const src = `package p
var v int
func f() { _ = v; _ = (v); _ = f; _ = v + 1 }`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Uses: make(map[*ast.Ident]types.Object), Defs: make(map[*ast.Ident]types.Object)}
	if _, err := new(types.Config).Check("p", fset, []*ast.File{file}, info); err != nil {
		t.Fatal(err)
	}
	var got []string
	ast.Inspect(file, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		e := as.Rhs[0]
		name, isVar := "-", false
		if id := Ident(e); id != nil {
			name = id.Name
		}
		if v := Var(info, e); v != nil {
			isVar = true
		}
		got = append(got, name, map[bool]string{true: "var", false: "-"}[isVar])
		return true
	})
	want := []string{"v", "var", "v", "var", "f", "-", "-", "-"}
	if len(got) != len(want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %q, want %q", got, want)
		}
	}
}
