// Package callee tells the name a call calls: from syntax alone (Ident),
// what the analyzer's scan of test files and the standalone driver's
// pre-selection both read before (or without) types; and as the type
// checker resolved it (Name).
package callee

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

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

// Name returns the name of the function or method a call calls, as the
// type checker resolved it, or "".
func Name(info *types.Info, call *ast.CallExpr) string {
	if fn, ok := typeutil.Callee(info, call).(*types.Func); ok {
		return fn.Name()
	}
	return ""
}
