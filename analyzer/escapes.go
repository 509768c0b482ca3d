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
	switch n := n.(type) {
	case *ast.UnaryExpr:
		if n.Op == token.AND {
			e.mark(varOf(info, n.X), nil, true)
		}
	case *ast.AssignStmt:
		for _, lhs := range n.Lhs {
			e.mark(varOf(info, lhs), lit, false)
		}
	case *ast.IncDecStmt:
		e.mark(varOf(info, n.X), lit, false)
	}
}

// mark records that v's address is taken, or that v is assigned inside
// the literal lit (nil outside any): it escapes where lit does not
// declare it.
func (e escapes) mark(v *types.Var, lit *ast.FuncLit, address bool) {
	switch {
	case v == nil:
	case address:
		e[v] = true
	case lit != nil && (v.Pos() < lit.Pos() || v.Pos() >= lit.End()):
		e[v] = true
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
