package guardflow

import (
	"go/ast"
	"go/token"
	"go/types"
)

// value is what the flow analysis knows of the value of an expression.
type value struct {
	kind   valueKind
	out    Outcomes  // isCheck: the states when true, when false
	use    Usability // a context
	stale  bool      // isCheck, isContextErr: a context-consuming call ran since it was taken
	origin ast.Node  // isCheck, isContextErr: where it was taken
	// staleAt is the first context-consuming call after origin (explanations).
	staleAt *ast.CallExpr
	// errTest: a test of some other error against context.Canceled, whose
	// outcomes (out) would tell cancellation if it were the context's.
	errTest bool
}

type valueKind uint8

const (
	unknownValue valueKind = iota
	isCheck                // a boolean that tells the context's state
	isContextErr           // c.Err() or context.Cause(c) of a usable context
	isContext              // a context; use tells whether shutdown reaches it
)

// The recognisers below classify an expression once its operands have been
// evaluated (their values are given), so that order and freshness come
// from the evaluator.

// contextErrOf recognises c.Err() and context.Cause(c): their values are
// the receiver's or argument's.
func contextErrOf(info *types.Info, call *ast.CallExpr) (ctxArg ast.Expr, ok bool) {
	name, isCtx := contextCall(info, call)
	if !isCtx {
		return nil, false
	}
	return contextErrArg(call, name)
}

// contextErrArg is contextErrOf for a call of the function name of
// package context.
func contextErrArg(call *ast.CallExpr, name string) (ctxArg ast.Expr, ok bool) {
	switch {
	case name == "Err" && len(call.Args) == 0:
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return sel.X, true
		}
	case name == "Cause" && len(call.Args) == 1:
		return call.Args[0], true
	}
	return nil, false
}

// errorTarget recognises context.Canceled and context.DeadlineExceeded,
// and returns what a match with it tells.
func errorTarget(info *types.Info, e ast.Expr) (Outcomes, bool) {
	var id *ast.Ident
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		id = e
	case *ast.SelectorExpr:
		id = e.Sel
	default:
		return Outcomes{}, false
	}
	if id.Name != "Canceled" && id.Name != "DeadlineExceeded" {
		return Outcomes{}, false // no lookup for the other names
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.Pkg() == nil || v.Pkg().Path() != "context" {
		return Outcomes{}, false
	}
	switch v.Name() {
	case "Canceled":
		return errIsCanceled, true
	case "DeadlineExceeded":
		return errIsTimeout, true
	}
	return Outcomes{}, false
}

// comparison classifies x == y (or x != y): a test of a context's error
// against nil, context.Canceled or context.DeadlineExceeded.
func comparison(env *Env, x, y ast.Expr, vx, vy value, op token.Token) value {
	info := env.info
	for range 2 {
		if vx.kind == isContextErr {
			o, ok := errorTarget(info, y)
			if !ok && env.recorded(y)&nilValue != 0 {
				o, ok = errIsNil, true
			}
			if ok {
				return checkValue(o, op == token.NEQ, vx)
			}
		} else if o, isTarget := errorTarget(info, y); isTarget && o == errIsCanceled && IsError(info.TypeOf(x)) {
			if op == token.NEQ {
				o = o.Negate()
			}
			return value{errTest: true, out: o}
		}
		x, y, vx, vy = y, x, vy, vx
	}
	return value{}
}

// errorsIs classifies errors.Is(err, target), or a call of a function
// that forwards to it, given the value of err.
func errorsIs(info *types.Info, call *ast.CallExpr, errValue value) value {
	o, ok := errorTarget(info, call.Args[1])
	switch {
	case !ok:
		return value{}
	case errValue.kind == isContextErr:
		return checkValue(o, false, errValue)
	case o == errIsCanceled:
		return value{errTest: true, out: o}
	}
	return value{}
}

// checkValue is the value of a check on a context error taken at from.
func checkValue(o Outcomes, negate bool, from value) value {
	if negate {
		o = o.Negate()
	}
	return value{kind: isCheck, out: o, stale: from.stale, origin: from.origin, staleAt: from.staleAt}
}

var errorType = types.Universe.Lookup("error").Type()

// IsError reports whether t is the error type.
func IsError(t types.Type) bool {
	return t != nil && types.Identical(t, errorType)
}

// ReturnsError reports whether one of a signature's results is an error.
// The results declared error and those of a basic type (which has no
// methods) need no method set: a call site has a signature of its own,
// when it selects a method, and this is asked once per call.
func ReturnsError(sig *types.Signature) bool {
	res := sig.Results()
	for i := range res.Len() {
		t := types.Unalias(res.At(i).Type())
		if _, basic := t.(*types.Basic); basic {
			continue
		}
		if t == errorType || types.Implements(t, errorType.Underlying().(*types.Interface)) {
			return true
		}
	}
	return false
}
