package guardflow

import (
	"go/ast"
	"go/constant"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

const exprTypesSrc = `package p

import "context"

type T struct {
	ctx context.Context
	ok  bool
}

const debug = false

func f(ctx context.Context, t *T) (context.Context, error) {
	c, cancel := context.WithCancel(ctx)
	defer cancel()
	var err error
	n, ok := 0, false
	n, err = 1, nil
	if err != nil || debug || !true || t.ok || ok && n > 0 {
		return t.ctx, err
	}
	d := context.Context(c)
	for _, x := range []context.Context{c, d} {
		_ = x
	}
	return (nil), nil
}
`

// TestInfoIndex: what the evaluator reads of an expression's type and
// value is what info.Types and info.TypeOf tell, and of an identifier's
// object what info.Uses and info.Defs tell, whether the environment still
// looks them up or has indexed them.
func TestInfoIndex(t *testing.T) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", exprTypesSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Types:      make(map[ast.Expr]types.TypeAndValue),
		Defs:       make(map[*ast.Ident]types.Object),
		Uses:       make(map[*ast.Ident]types.Object),
		Selections: make(map[*ast.SelectorExpr]*types.Selection),
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("p", fset, []*ast.File{file}, info)
	if err != nil {
		t.Fatal(err)
	}
	var exprs []ast.Expr
	ast.Inspect(file, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok {
			exprs = append(exprs, e)
		}
		return true
	})
	for _, indexed := range []bool{false, true} {
		env := NewEnv(info, pkg, nil, nil, nil) // a package this small is not indexed
		if indexed {
			env.index()
		}
		for _, e := range exprs {
			tv, ok := info.Types[e]
			want := map[exprType]bool{
				contextType:   IsContext(info.TypeOf(e)),
				contextField:  IsContext(info.TypeOf(e)) && isField(info, e),
				typeExpr:      ok && tv.IsType(),
				nilValue:      ok && tv.IsNil(),
				trueValue:     ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value),
				falseValue:    ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && !constant.BoolVal(tv.Value),
				contextResult: isCall(e) && IsContext(firstResult(info.TypeOf(e))),
			}
			got := env.recorded(e)
			// An identifier info.Types does not record is a value only
			// where it declares a variable: not a package, nor the name a
			// selector selects.
			valued := true
			if id, isIdent := e.(*ast.Ident); isIdent && !ok {
				_, valued = info.ObjectOf(id).(*types.Var)
			}
			if ctx := env.typeOf(e)&contextType != 0; valued && ctx != want[contextType] {
				t.Errorf("indexed %t: %s: typeOf tells context %t, info.TypeOf %t", indexed, types.ExprString(e), ctx, want[contextType])
			}
			for bit, w := range want {
				if bit != contextType && (got&bit != 0) != w {
					t.Errorf("indexed %t: %s: bit %b is %t, want %t", indexed, types.ExprString(e), bit, got&bit != 0, w)
				}
			}
			if id, ok := e.(*ast.Ident); ok {
				obj := info.Uses[id]
				if obj == nil {
					obj = info.Defs[id]
				}
				if !followed(obj) {
					obj = nil
				}
				if got := env.objectOf(id); got != obj {
					t.Errorf("indexed %t: %s: object %v, want %v", indexed, id.Name, got, obj)
				}
			}
		}
		if indexed != (env.types != nil) {
			t.Errorf("indexed %t: the index was built %t", indexed, env.types != nil)
		}
	}
}

func isField(info *types.Info, e ast.Expr) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s := info.Selections[sel]
	return s != nil && s.Kind() == types.FieldVal
}

func isCall(e ast.Expr) bool {
	_, ok := e.(*ast.CallExpr)
	return ok
}
