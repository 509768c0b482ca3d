// Package syntax answers the small questions of Go syntax that the
// analyzer's packages all ask: which identifier an expression is, which
// variable it names, and which function body is around a node.
package syntax

import (
	"go/ast"
	"go/types"
)

// Ident returns the identifier e is, parentheses aside, or nil.
func Ident(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// Var returns the variable the identifier e names, if any.
func Var(info *types.Info, e ast.Expr) *types.Var {
	if id := Ident(e); id != nil {
		v, _ := info.ObjectOf(id).(*types.Var)
		return v
	}
	return nil
}
