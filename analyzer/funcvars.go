package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"
)

// funcTarget is what a local function variable statically holds.
type funcTarget struct {
	callee *types.Func
	lit    *funcInfo
}

// staticFuncVars finds local variables of function type assigned exactly
// once, from a function, method value or literal (f := r.Eventf), so that
// calls through them resolve like direct calls.
func (a *pass) staticFuncVars(in *inspector.Inspector) map[*types.Var]funcTarget {
	writes := make(map[*types.Var]int)
	targets := make(map[*types.Var]funcTarget)
	note := func(id *ast.Ident, rhs ast.Expr) {
		v, ok := a.TypesInfo.ObjectOf(id).(*types.Var)
		if !ok || v.Parent() == nil || v.Parent() == a.Pkg.Scope() {
			return
		}
		if _, ok := v.Type().Underlying().(*types.Signature); !ok {
			return
		}
		writes[v]++
		if t, ok := a.funcTargetOf(rhs); ok {
			targets[v] = t
		}
	}
	for n := range in.PreorderSeq((*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.UnaryExpr)(nil)) {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if id, ok := ast.Unparen(lhs).(*ast.Ident); ok {
					var rhs ast.Expr
					if len(n.Rhs) == len(n.Lhs) {
						rhs = n.Rhs[i]
					}
					note(id, rhs)
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				var rhs ast.Expr
				if len(n.Values) == len(n.Names) {
					rhs = n.Values[i]
				}
				note(id, rhs)
			}
		case *ast.UnaryExpr: // &f may be written through
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND {
				note(id, nil)
				note(id, nil)
			}
		}
	}
	for v, n := range writes {
		if n != 1 {
			delete(targets, v)
		}
	}
	return targets
}

// funcTargetOf resolves a function, method value or literal expression.
func (a *pass) funcTargetOf(e ast.Expr) (funcTarget, bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		if f := a.byNode[e]; f != nil {
			return funcTarget{lit: f}, true
		}
	case *ast.Ident:
		if fn, ok := a.TypesInfo.Uses[e].(*types.Func); ok {
			return funcTarget{callee: fn.Origin()}, true
		}
	case *ast.SelectorExpr:
		if fn, ok := a.TypesInfo.Uses[e.Sel].(*types.Func); ok {
			return funcTarget{callee: fn.Origin()}, true
		}
	}
	return funcTarget{}, false
}
