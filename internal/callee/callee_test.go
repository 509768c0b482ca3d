package callee

import (
	"go/ast"
	"go/parser"
	"testing"
)

func TestIdent(t *testing.T) {
	for src, want := range map[string]string{
		"f()":         "f",
		"x.f()":       "f",
		"(f)()":       "f",
		"f[int]()":    "f",
		"x.f[K, V]()": "f",
		"(x.f)(a)":    "f",
		"func() {}()": "",
		"g()()":       "",
		"fns[0]()":    "fns", // syntax cannot tell an index from an instantiation
	} {
		e, err := parser.ParseExpr(src)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if id := Ident(e.(*ast.CallExpr)); id != nil {
			got = id.Name
		}
		if got != want {
			t.Errorf("Ident(%s) = %q, want %q", src, got, want)
		}
	}
}
