package syntax

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
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

// TestInspect checks the path and the innermost body Inspect gives each
// identifier, and that a false answer skips a subtree without losing the
// path's place.
func TestInspect(t *testing.T) {
	const src = `package p
func f() {
	a := 1
	g := func(b int) {
		_ = func() { c := b; _ = c }
		d := a
		_ = d
	}
	skip := func() { e := 0; _ = e }
	h := a
	_, _, _ = g, skip, h
}`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	body := file.Decls[0].(*ast.FuncDecl).Body
	lines := func(b *ast.BlockStmt) string {
		return fmt.Sprintf("%d-%d", fset.Position(b.Lbrace).Line, fset.Position(b.Rbrace).Line)
	}
	var got []string
	Inspect(body, func(stack []ast.Node, inner *ast.BlockStmt) bool {
		if stack[0] != body {
			t.Errorf("path starts at %T, not the body", stack[0])
		}
		if as, ok := stack[len(stack)-1].(*ast.AssignStmt); ok && as.Lhs[0].(*ast.Ident).Name == "skip" {
			return false
		}
		if id, ok := stack[len(stack)-1].(*ast.Ident); ok && len(id.Name) == 1 && id.Name != "_" {
			got = append(got, fmt.Sprintf("%s depth %d in %s", id.Name, len(stack), lines(inner)))
		}
		return true
	})
	want := []string{
		"a depth 3 in 2-12",
		"g depth 3 in 2-12",
		"b depth 7 in 4-8", // a parameter is inside its literal's body
		"c depth 9 in 5-5",
		"b depth 9 in 5-5",
		"c depth 9 in 5-5",
		"d depth 6 in 4-8",
		"a depth 6 in 4-8",
		"d depth 6 in 4-8",
		"h depth 3 in 2-12", // skip's literal skipped, the path intact
		"a depth 3 in 2-12",
		"g depth 3 in 2-12",
		"h depth 3 in 2-12",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Inspect gave\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
