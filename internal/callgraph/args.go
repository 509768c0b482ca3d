package callgraph

import (
	"go/ast"
	"go/types"
)

// The arguments of a call, by the parameters of its callee.

// ArgOf returns the argument a call passes for its callee's parameter k,
// or nil where it cannot be told.
func ArgOf(info *types.Info, call *ast.CallExpr, k int) ast.Expr {
	if i, ok := ArgIndex(info, call, k); ok {
		return call.Args[i]
	}
	return nil
}

// ArgIndex returns the index of the argument a call passes for its
// callee's parameter k; false where it cannot be told (a spread call, too
// few arguments). A method expression's receiver is its first argument.
func ArgIndex(info *types.Info, call *ast.CallExpr, k int) (int, bool) {
	if IsMethodExpr(info, call) {
		k++
	}
	if k < 0 || k >= len(call.Args) || call.Ellipsis.IsValid() && k >= len(call.Args)-1 {
		return 0, false
	}
	return k, true
}

// IsMethodExpr reports whether call calls a method expression, T.m(recv, ...).
func IsMethodExpr(info *types.Info, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s := info.Selections[sel]
	return s != nil && s.Kind() == types.MethodExpr
}
