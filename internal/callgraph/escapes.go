package callgraph

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/ctxnotify/ctxnotify-lint/internal/syntax"
)

// Escapes are the local variables the flow analysis cannot follow: those
// whose address is taken, and those that a function literal assigns
// without declaring them (the literal may run at any time).
type Escapes map[*types.Var]bool

// note records what n, met inside the literal lit (nil outside any),
// tells of escaping variables.
func (e Escapes) note(info *types.Info, n ast.Node, lit *ast.FuncLit) {
	switch n := n.(type) {
	case *ast.UnaryExpr:
		if n.Op == token.AND {
			e.mark(syntax.Var(info, n.X), nil, true)
		}
	case *ast.AssignStmt:
		for _, lhs := range n.Lhs {
			e.mark(syntax.Var(info, lhs), lit, false)
		}
	case *ast.IncDecStmt:
		e.mark(syntax.Var(info, n.X), lit, false)
	case *ast.RangeStmt:
		if n.Tok == token.ASSIGN {
			for _, x := range []ast.Expr{n.Key, n.Value} {
				if x != nil {
					e.mark(syntax.Var(info, x), lit, false)
				}
			}
		}
	}
}

// escapeNodes are the nodes note reads.
var escapeNodes = []ast.Node{(*ast.AssignStmt)(nil), (*ast.UnaryExpr)(nil), (*ast.IncDecStmt)(nil), (*ast.RangeStmt)(nil)}

// mark records that v's address is taken, or that v is assigned inside
// the literal lit (nil outside any): it Escapes where lit does not
// declare it.
func (e Escapes) mark(v *types.Var, lit *ast.FuncLit, address bool) {
	switch {
	case v == nil:
	case address:
		e[v] = true
	case lit != nil && (v.Pos() < lit.Pos() || v.Pos() >= lit.End()):
		e[v] = true
	}
}

// EscapingIn returns the escaping variables of the given declarations,
// for the dataflows that run before the package is indexed (guard
// functions): by the rule the graph applies to the whole package (note).
func EscapingIn(info *types.Info, decls []Decl) Escapes {
	e := make(Escapes)
	for _, d := range decls {
		for cur := range d.cur.Preorder(escapeNodes...) {
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
