package namedtype

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

// TestIs: a named type is itself through an alias and through an instance
// of it, and is neither a pointer to it, nor a type of the same name in
// another package, nor another name in its own.
func TestIs(t *testing.T) {
	const src = `package p

import "context"

type Ctx = context.Context
type Context interface{ Done() <-chan struct{} }
type G[T any] struct{ v T }

var (
	plain    context.Context
	alias    Ctx
	own      Context
	pointer  *context.Context
	instance G[int]
	basic    int
)
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	conf := types.Config{Importer: importer.Default()}
	pkg, err := conf.Check("p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		v, pkgPath, name string
		want             bool
	}{
		{"plain", "context", "Context", true},
		{"alias", "context", "Context", true},
		{"own", "context", "Context", false},
		{"own", "p", "Context", true},
		{"pointer", "context", "Context", false},
		{"instance", "p", "G", true},
		{"plain", "context", "CancelFunc", false},
		{"basic", "", "int", false},
	} {
		typ := pkg.Scope().Lookup(tc.v).Type()
		if got := Is(typ, tc.pkgPath, tc.name); got != tc.want {
			t.Errorf("Is(%s %s, %q, %q) = %v, want %v", tc.v, typ, tc.pkgPath, tc.name, got, tc.want)
		}
	}
	if Is(nil, "context", "Context") {
		t.Error("Is(nil, ...) = true")
	}
}
