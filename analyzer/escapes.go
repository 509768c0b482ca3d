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

// escapingIn returns the escaping variables of the given bodies, for the
// dataflows that run before the package is indexed (guard functions).
func escapingIn(info *types.Info, bodies []*ast.BlockStmt) escapes {
	e := make(escapes)
	for _, body := range bodies {
		var lits []*ast.FuncLit // the literals around n, innermost last
		ast.Inspect(body, func(n ast.Node) bool {
			if n == nil {
				return true
			}
			for len(lits) > 0 && lits[len(lits)-1].End() <= n.Pos() {
				lits = lits[:len(lits)-1]
			}
			var lit *ast.FuncLit
			if len(lits) > 0 {
				lit = lits[len(lits)-1]
			}
			e.note(info, n, lit)
			if l, ok := n.(*ast.FuncLit); ok {
				lits = append(lits, l)
			}
			return true
		})
	}
	return e
}
