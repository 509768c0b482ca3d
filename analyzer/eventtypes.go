package analyzer

import (
	"go/ast"
	"go/constant"
	"go/types"

	"github.com/ctxnotify/ctxnotify-lint/internal/recorders"
)

// Trace events are not notifications: Flux's recorder persists an event of
// type "Trace" as a Normal Kubernetes event and never forwards it, and
// client-go's recorders drop every type other than Normal and Warning. An
// emission's event type is the argument before the reason (the recorder
// table's Type); only a constant decides. An emitter whose emissions all
// take their type from one of its parameters carries that parameter in its
// fact, as printf's facts carry the format parameter, and the argument at
// each call of it decides.

// traceType is the event type that notifies no one.
const traceType = "Trace"

// notifies is the type parameter of an emission or emitter whose event
// type comes from no parameter: it notifies.
const notifies = -1

// emission tells whether a call publishes an event that may notify (a
// Trace event does not), and where its type comes from: the parameter of
// the calling function whose argument it is, or notifies.
func (em *emitters) emission(site *callSite) (emits bool, typeParam int) {
	if em.isSinkCall(site) {
		shape, ok := recorders.ShapeOf(site.callee)
		if !ok {
			return true, notifies // a configured sink, or a recorder's method whose types are spoiled
		}
		return em.typeArg(site, shape.Type)
	}
	var param int
	switch t, fact := em.idx.target(site), em.importedEmitter(site); {
	case t != nil && em.local[t] != nil:
		param = em.typeParam[t]
	case t == nil && fact != nil:
		param = fact.TypeParam
	default:
		return false, notifies
	}
	if param == notifies {
		return true, notifies
	}
	return em.typeArg(site, param)
}

// typeArg tells what the argument a call gives its callee's parameter k
// makes of the event type: a Trace event (no emission), the calling
// function's parameter j, or a notification. A dispatch passes the
// interface method's parameters on unchanged.
func (em *emitters) typeArg(site *callSite, k int) (emits bool, typeParam int) {
	if site.dispatch() {
		return true, k
	}
	info := em.idx.info
	arg := argOf(info, site.call, k)
	if arg == nil {
		return true, notifies
	}
	if tv, ok := info.Types[arg]; ok && tv.Value != nil {
		return tv.Value.Kind() != constant.String || constant.StringVal(tv.Value) != traceType, notifies
	}
	if v := varOf(info, arg); v != nil && !em.idx.assigned[v] {
		params := site.fn.sig.Params()
		for j := range params.Len() {
			if params.At(j) == v {
				return true, j
			}
		}
	}
	return true, notifies
}

// argOf returns the argument a call passes for its callee's parameter k,
// or nil where it cannot be told.
func argOf(info *types.Info, call *ast.CallExpr, k int) ast.Expr {
	if i, ok := argIndex(info, call, k); ok {
		return call.Args[i]
	}
	return nil
}

// argIndex returns the index of the argument a call passes for its
// callee's parameter k; false where it cannot be told (a spread call, too
// few arguments). A method expression's receiver is its first argument.
func argIndex(info *types.Info, call *ast.CallExpr, k int) (int, bool) {
	if isMethodExpr(info, call) {
		k++
	}
	if k < 0 || k >= len(call.Args) || call.Ellipsis.IsValid() && k >= len(call.Args)-1 {
		return 0, false
	}
	return k, true
}

// isMethodExpr reports whether call calls a method expression, T.m(recv, ...).
func isMethodExpr(info *types.Info, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s := info.Selections[sel]
	return s != nil && s.Kind() == types.MethodExpr
}
