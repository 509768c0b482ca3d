package guardflow

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"
)

// What a call makes of contexts, for the holdings: a derivation that the
// code can cancel, one that only its parent's cancellation reaches, or a
// context of another origin.

// deriveKind tells how the code can cancel the context a call returns.
type deriveKind uint8

const (
	notDerived    deriveKind = iota
	cancelDerived            // (ctx, cancel): context.WithCancel, WithTimeout, WithDeadline (and Cause forms), signal.NotifyContext
	groupDerived             // (*errgroup.Group, ctx): cancelled by the group's first error and by Wait
)

// derivation is what a call's two results are: the context, and what
// cancels it (a function, or a group).
type derivation struct {
	kind           deriveKind
	ctx, canceller int // result indexes
}

// derivationOf classifies a call by its results: a context with a cancel
// function (func() or func(error)) or with an errgroup.Group.
func (env *Env) derivationOf(call *ast.CallExpr) derivation {
	tuple, ok := env.info.TypeOf(call).(*types.Tuple)
	if !ok || tuple.Len() != 2 {
		return derivation{}
	}
	for i := range 2 {
		if !IsContext(tuple.At(i).Type()) {
			continue
		}
		switch other := tuple.At(1 - i).Type(); {
		case isCancelFunc(other):
			return derivation{cancelDerived, i, 1 - i}
		case isErrGroup(other):
			return derivation{groupDerived, i, 1 - i}
		}
	}
	return derivation{}
}

// isCancelFunc reports whether t is a function that takes nothing or an
// error and returns nothing, as context.CancelFunc and CancelCauseFunc do.
func isCancelFunc(t types.Type) bool {
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || sig.Results().Len() != 0 || sig.Variadic() {
		return false
	}
	params := sig.Params()
	return params.Len() == 0 || params.Len() == 1 && IsError(params.At(0).Type())
}

// isErrGroup reports whether t is *errgroup.Group (golang.org/x/sync's or
// a fork's: a package named errgroup).
func isErrGroup(t types.Type) bool {
	ptr, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	named, ok := types.Unalias(ptr.Elem()).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || named.Obj().Name() != "Group" {
		return false
	}
	path := named.Obj().Pkg().Path()
	return path == "errgroup" || strings.HasSuffix(path, "/errgroup")
}

// groupMethodCancels tells what calling a method of an errgroup.Group does
// to its context: Wait cancels it, Go and TryGo start a goroutine whose
// error may (so does any other method, to be safe), SetLimit does not.
func groupMethodCancels(name string) (may, must bool) {
	switch name {
	case "SetLimit":
		return false, false
	case "Wait":
		return true, true
	}
	return true, false
}

// ShutdownNeverCancels reports whether a call returns a context that
// shutdown never cancels: context.Background, TODO, WithoutCancel, and a
// request's context.
func ShutdownNeverCancels(info *types.Info, call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok {
		return false
	}
	if fn.Pkg() != nil && fn.Pkg().Path() == "context" {
		return neverCanceledMaker(fn.Name())
	}
	return IsRequestContext(fn)
}
