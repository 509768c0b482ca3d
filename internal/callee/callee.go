// Package callee tells, from syntax alone, the name a call calls: what the
// analyzer's scan of test files and the standalone driver's pre-selection
// both read before (or without) types.
package callee

import "go/ast"

// Ident returns the name a call calls: f in f(), x.f(), (f)(), f[T](),
// x.f[K, V](); nil for anything else (a literal, a call's result).
func Ident(call *ast.CallExpr) *ast.Ident {
	fun := ast.Unparen(call.Fun)
	switch x := fun.(type) {
	case *ast.IndexExpr:
		fun = x.X
	case *ast.IndexListExpr:
		fun = x.X
	}
	switch x := ast.Unparen(fun).(type) {
	case *ast.Ident:
		return x
	case *ast.SelectorExpr:
		return x.Sel
	}
	return nil
}
