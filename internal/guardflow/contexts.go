package guardflow

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/ctxnotify/ctxnotify-lint/internal/namedtype"
)

// IsContext reports whether t is context.Context.
func IsContext(t types.Type) bool { return namedtype.Is(t, "context", "Context") }

// Usability is what a context expression or variable may hold: a context
// that shutdown cancels, one that it never reaches, or either.
type Usability uint8

const (
	mayBeUsable   Usability = 1 << iota // made from a context shutdown cancels
	mayBeUnusable                       // made from Background, TODO, WithoutCancel or nil
	// inField: read from a struct field (r.ctx). A field is no usable
	// context: it is in hand for the calls it is handed to, but no check
	// tests it. A variable given its value is usable.
	inField
	// fromRequest: made from an inbound HTTP request's context,
	// (*net/http.Request).Context(). Shutdown never reaches it either
	// (mayBeUnusable comes with it), but what is emitted under it belongs to
	// the request: a function that has no other context is outside the rule.
	fromRequest
)

// requestContext is what (*net/http.Request).Context() returns.
const requestContext = mayBeUnusable | fromRequest

// Usable: every value it may hold is a usable context, as a check needs.
func (u Usability) Usable() bool { return u == mayBeUsable }

// InHand: some value it may hold is a usable context, as a function holds
// one for the purpose of reporting its events.
func (u Usability) InHand() bool { return u&mayBeUsable != 0 }

// RequestOnly: every value it may hold is a request's context, or one
// shutdown never reaches, and some value is a request's.
func (u Usability) RequestOnly() bool { return u&fromRequest != 0 && u&mayBeUsable == 0 }

// contextCall tells which function of package context a call calls, if any.
func contextCall(info *types.Info, call *ast.CallExpr) (name string, ok bool) {
	fn, isFunc := typeutil.Callee(info, call).(*types.Func)
	if !isFunc || fn.Pkg() == nil || fn.Pkg().Path() != "context" {
		return "", false
	}
	return fn.Name(), true
}

// neverCanceledMaker reports whether a function of package context makes a
// context that shutdown never reaches.
func neverCanceledMaker(name string) bool {
	return name == "Background" || name == "TODO" || name == "WithoutCancel"
}

// IsRequestContext reports whether fn is (*net/http.Request).Context.
func IsRequestContext(fn *types.Func) bool {
	if fn.Pkg() == nil || fn.Pkg().Path() != "net/http" || fn.Name() != "Context" {
		return false
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return false
	}
	ptr, ok := recv.Type().(*types.Pointer)
	if !ok {
		return false
	}
	named, ok := ptr.Elem().(*types.Named)
	return ok && named.Obj().Name() == "Request"
}

// firstResult is the type of a call's (first) result, given the call's
// type.
func firstResult(t types.Type) types.Type {
	if tuple, ok := t.(*types.Tuple); ok {
		if tuple.Len() == 0 {
			return nil
		}
		return tuple.At(0).Type()
	}
	return t
}

// SignatureOf returns the signature of the function a call calls, if its
// type is known: code with type errors may have none recorded.
func SignatureOf(info *types.Info, fun ast.Expr) (*types.Signature, bool) {
	t := info.TypeOf(fun)
	if t == nil {
		return nil, false
	}
	sig, ok := t.Underlying().(*types.Signature)
	return sig, ok
}
