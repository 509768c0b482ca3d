package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"
)

// funcTarget is what a local function variable statically holds: a
// declared function or method (possibly instantiated), or a literal.
type funcTarget struct {
	callee *types.Func
	lit    *ast.FuncLit
}

// funcVar is a local variable of function type assigned exactly once.
type funcVar struct {
	target     funcTarget
	calledOnly bool // every use of the variable is a call of it
}

// staticFuncVars finds the local function variables assigned exactly once,
// from a function, an instantiated generic function, a method value or a
// literal (emit := r.Eventf, run := func() {...}), so that calls through
// them resolve like direct calls.
func staticFuncVars(info *types.Info, pkg *types.Package, root inspector.Cursor) map[*types.Var]*funcVar {
	writes := make(map[*types.Var]int)
	targets := make(map[*types.Var]funcTarget)
	note := func(id *ast.Ident, rhs ast.Expr) {
		v, ok := info.ObjectOf(id).(*types.Var)
		if !ok || v.Parent() == nil || v.Parent() == pkg.Scope() {
			return
		}
		if _, ok := v.Type().Underlying().(*types.Signature); !ok {
			return
		}
		writes[v]++
		if t, ok := funcTargetOf(info, rhs); ok {
			targets[v] = t
		}
	}
	for cur := range root.Preorder((*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.UnaryExpr)(nil)) {
		switch n := cur.Node().(type) {
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
	// The other uses, of the candidates only: an identifier with another
	// name is not looked up (info.Uses is as large as the package).
	names := make(map[string]bool, len(targets))
	for v := range targets {
		names[v.Name()] = true
	}
	nonCallUses := make(map[*types.Var]int)
	for cur := range root.Preorder((*ast.Ident)(nil)) {
		if n := cur.Node().(*ast.Ident); names[n.Name] {
			if v, ok := info.Uses[n].(*types.Var); ok && !isCallee(cur) {
				nonCallUses[v]++
			}
		}
	}
	out := make(map[*types.Var]*funcVar)
	for v, t := range targets {
		if writes[v] == 1 {
			out[v] = &funcVar{target: t, calledOnly: nonCallUses[v] == 0}
		}
	}
	return out
}

// funcTargetOf resolves a function, instantiated function, method value
// or literal expression.
func funcTargetOf(info *types.Info, e ast.Expr) (funcTarget, bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return funcTarget{lit: e}, true
	case *ast.IndexExpr: // emit[T]
		return funcTargetOf(info, e.X)
	case *ast.IndexListExpr: // emit[K, V]
		return funcTargetOf(info, e.X)
	case *ast.Ident:
		if fn, ok := info.Uses[e].(*types.Func); ok {
			return funcTarget{callee: fn.Origin()}, true
		}
	case *ast.SelectorExpr:
		if fn, ok := info.Uses[e.Sel].(*types.Func); ok {
			return funcTarget{callee: fn.Origin()}, true
		}
	}
	return funcTarget{}, false
}
