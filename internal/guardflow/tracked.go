package guardflow

import (
	"go/ast"
	"go/types"
)

// trackVars chooses the variables the dataflow follows: the context
// variables the body may refer to (its parameters and locals, and those of
// enclosing functions a literal sees), and its boolean and error variables
// that no nested function assigns and whose address is not taken.
func (fa *Analysis) trackVars(body bodyShapes) {
	var ctxs, others []*types.Var
	add := func(v *types.Var) {
		if _, seen := fa.varIndex[v]; seen || v.Name() == "_" && !IsContext(v.Type()) {
			return
		}
		switch {
		case IsContext(v.Type()):
			ctxs = append(ctxs, v)
		case !fa.env.escaping[v] && isBoolOrError(v.Type()):
			others = append(others, v)
		default:
			return // not tracked; met again, it is rejected again
		}
		fa.varIndex[v] = -1 // its index is set below
	}
	for _, tuple := range []*types.Tuple{fa.fn.Sig.Params(), fa.fn.Sig.Results()} {
		for i := range tuple.Len() {
			add(tuple.At(i))
		}
	}
	for _, v := range body.defs {
		add(v)
	}
	for v := range fa.opts.Captured {
		add(v)
	}
	// The context variables come first: vars[:nctx].
	fa.nctx = len(ctxs)
	fa.vars = make([]*types.Var, 0, len(ctxs)+len(others))
	fa.vars = append(append(fa.vars, ctxs...), others...)
	for i, v := range fa.vars {
		fa.varIndex[v] = i
	}
}

func isBoolOrError(t types.Type) bool {
	if b, ok := t.Underlying().(*types.Basic); ok && b.Info()&types.IsBoolean != 0 {
		return true
	}
	return IsError(t)
}

// bodyShapes is what one walk over a function body (nested literals
// aside) finds for the dataflow: the variables it declares, its tagged
// switches and its selects, and how many calls it makes.
type bodyShapes struct {
	defs     []*types.Var
	switches []*ast.SwitchStmt
	selects  []*ast.SelectStmt
	calls    int
}

func scanBody(info *types.Info, body *ast.BlockStmt) bodyShapes {
	var b bodyShapes
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.Ident:
			if v, ok := info.Defs[n].(*types.Var); ok {
				b.defs = append(b.defs, v)
			}
		case *ast.SwitchStmt:
			if n.Tag != nil {
				b.switches = append(b.switches, n)
			}
		case *ast.SelectStmt:
			b.selects = append(b.selects, n)
		case *ast.CallExpr:
			b.calls++
		}
		return true
	})
	return b
}
