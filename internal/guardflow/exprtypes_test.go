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
	if err != nil || debug || !true || t.ok {
		return t.ctx, err
	}
	d := context.Context(c)
	for _, x := range []context.Context{c, d} {
		_ = x
	}
	return (nil), nil
}
`

// TestExprTypes: what the evaluator reads of an expression's type is what
// info.Types and info.TypeOf tell, whether the environment still looks
// expressions up in info.Types or has indexed them.
func TestExprTypes(t *testing.T) {
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
		env := NewEnv(info, pkg, nil, nil, nil)
		env.lookups = len(info.Types) // the next lookup indexes
		for _, e := range exprs {
			if !indexed {
				env = NewEnv(info, pkg, nil, nil, nil) // its first lookup goes to info.Types
			}
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
			if ctx := env.typeOf(e)&contextType != 0; ctx != want[contextType] {
				t.Errorf("indexed %t: %s: typeOf tells context %t, info.TypeOf %t", indexed, types.ExprString(e), ctx, want[contextType])
			}
			for bit, w := range want {
				if bit != contextType && (got&bit != 0) != w {
					t.Errorf("indexed %t: %s: bit %b is %t, want %t", indexed, types.ExprString(e), bit, got&bit != 0, w)
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
