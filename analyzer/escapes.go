package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"
)

// escapes are the local variables the flow analysis cannot follow: those
// whose address is taken, and those that a function literal assigns
// without declaring them (the literal may run at any time).
type escapes map[*types.Var]bool

// note records what n, met inside the literal lit (nil outside any),
// tells of escaping variables.
func (e escapes) note(info *types.Info, n ast.Node, lit *ast.FuncLit) {
	assigned := func(x ast.Expr) {
		if v := varOf(info, x); v != nil && lit != nil && (v.Pos() < lit.Pos() || v.Pos() >= lit.End()) {
			e[v] = true
		}
	}
	switch n := n.(type) {
	case *ast.UnaryExpr:
		if v := varOf(info, n.X); v != nil && n.Op == token.AND {
			e[v] = true
		}
	case *ast.AssignStmt:
		for _, lhs := range n.Lhs {
			assigned(lhs)
		}
	case *ast.IncDecStmt:
		assigned(n.X)
	}
}

// escapingIn returns the escaping variables of the given declarations,
// for the dataflows that run before the package is indexed (guard
// functions).
func escapingIn(info *types.Info, decls []declared) escapes {
	e := make(escapes)
	for _, d := range decls {
		for cur := range d.cur.Preorder((*ast.AssignStmt)(nil), (*ast.UnaryExpr)(nil), (*ast.IncDecStmt)(nil)) {
			var lit *ast.FuncLit
			for litCur := range cur.Enclosing((*ast.FuncLit)(nil)) {
				lit = litCur.Node().(*ast.FuncLit)
				break // the innermost
			}
			e.note(info, cur.Node(), lit)
		}
	}
	return e
}
