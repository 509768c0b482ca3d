package refactor

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"
)

// TestLookupAt checks Scopes against the type checker: at every use of a
// name that a scope declares, LookupAt finds the object the use refers to.
// The source shadows names at every depth, declares them after uses in
// the same block, nests literals, and declares a method whose scope the
// type checker creates before the function above it. Lookup, as the fixes
// call it (with the function around the use), must agree too.
func TestLookupAt(t *testing.T) {
	var b strings.Builder
	b.WriteString(`package p

var _ = (*T).m

type T struct{ x int }

var x = 1

func f(x int) int {
	y := x
	{
		y := y + x
		x := y
		_ = x
		for x := 0; x < y; x++ {
			switch z := any(x).(type) {
			case int:
				_ = z + x
			}
		}
		g := func(y int) int { x := y; return x }
		_ = g(x)
	}
	if x := y; x > 0 {
		return x
	}
	return y
}

func (t *T) m() int { return t.x + x }

func deep(x int) int {
`)
	for i := range 40 {
		fmt.Fprintf(&b, "\tif y := x + %d; y > 0 {\n\t\t_ = x\n\t\tx := y\n", i)
	}
	b.WriteString("\t\treturn x\n")
	for range 40 {
		b.WriteString("\t}\n")
	}
	b.WriteString("\treturn x\n}\n")

	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", b.String(), 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Uses: make(map[*ast.Ident]types.Object), Defs: make(map[*ast.Ident]types.Object), Scopes: make(map[ast.Node]*types.Scope)}
	pkg, err := new(types.Config).Check("p", fset, []*ast.File{file}, info)
	if err != nil {
		t.Fatal(err)
	}
	l := NewScopes(info, pkg)
	checked := 0
	var outer *Outer // the function declaration around the node, as the fixes pass it to Lookup
	ast.Inspect(file, func(n ast.Node) bool {
		if fd, ok := n.(*ast.FuncDecl); ok {
			outer = &Outer{Body: fd.Body, Sig: info.Defs[fd.Name].Type().(*types.Signature), File: file}
		}
		id, ok := n.(*ast.Ident)
		if !ok || info.Uses[id] == nil || info.Uses[id].Parent() == nil {
			return true // not a use, or a field or method
		}
		checked++
		want := info.Uses[id]
		if got := l.LookupAt(id.Name, id.Pos()); got != want {
			t.Errorf("%s: LookupAt(%q) = %v, want %v", fset.Position(id.Pos()), id.Name, got, want)
		}
		if outer != nil && outer.Body.Pos() <= id.Pos() && id.Pos() < outer.Body.End() {
			if got := l.Lookup(*outer, id.Name, id.Pos()); got != want {
				t.Errorf("%s: Lookup(%q) in its function = %v, want %v", fset.Position(id.Pos()), id.Name, got, want)
			}
		}
		return true
	})
	if checked < 150 {
		t.Errorf("checked %d uses, want the source's 150 or more", checked)
	}
}
