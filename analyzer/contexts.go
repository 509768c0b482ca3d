package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

func isContextType(t types.Type) bool { return isNamed(t, "context", "Context") }

// contextParams returns the context.Context parameters of sig, blank and
// unnamed ones included.
func contextParams(sig *types.Signature) []*types.Var {
	var out []*types.Var
	params := sig.Params()
	for i := range params.Len() {
		if isContextType(params.At(i).Type()) {
			out = append(out, params.At(i))
		}
	}
	return out
}

// usability is what a context expression or variable may hold: a context
// that shutdown cancels, one that it never reaches, or either.
type usability uint8

const (
	mayBeUsable   usability = 1 << iota // made from a context shutdown cancels
	mayBeUnusable                       // made from Background, TODO, WithoutCancel or nil
	// inField: read from a struct field (r.ctx). A field is no usable
	// context: it is in hand for the calls it is handed to, but no check
	// tests it. A variable given its value is usable.
	inField
)

// usable: every value it may hold is a usable context, as a check needs.
func (u usability) usable() bool { return u == mayBeUsable }

// inHand: some value it may hold is a usable context, as a function holds
// one for the purpose of reporting its events.
func (u usability) inHand() bool { return u&mayBeUsable != 0 }

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

// inScope reports whether v may be referred to at pos: its scope encloses
// pos and it is declared before pos.
// Blank and unnamed parameters are in no scope: the flow analysis only
// knows those of the function and of enclosing functions, all in scope.
func inScope(v *types.Var, pos token.Pos) bool {
	s := v.Parent()
	if s == nil {
		return v.Kind() == types.ParamVar
	}
	return s.Pos() <= pos && pos < s.End() && v.Pos() < pos
}

// resultType is the type of a call's (first) result.
func resultType(info *types.Info, call *ast.CallExpr) types.Type {
	t := info.TypeOf(call)
	if tuple, ok := t.(*types.Tuple); ok {
		if tuple.Len() == 0 {
			return nil
		}
		return tuple.At(0).Type()
	}
	return t
}
