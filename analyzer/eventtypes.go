package analyzer

import (
	"go/constant"

	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
	"github.com/ctxnotify/ctxnotify-lint/internal/recorders"
	"github.com/ctxnotify/ctxnotify-lint/internal/syntax"
)

// Trace events are not notifications: Flux's recorder persists an event of
// type "Trace" as a Normal Kubernetes event and never forwards it, and
// client-go's recorders drop every type other than Normal and Warning. An
// emission's event type is the argument before the reason (the recorder
// table's Type); only a constant decides. An emitter whose emissions all
// take their type from one of its parameters carries that parameter in its
// fact, as printf's facts carry the format parameter, and the argument at
// each call of it decides. An emitter whose emissions all have one
// constant type carries that type, so that the message of a call of it
// says what the event is.

// The event types the rule tells apart: a Trace event notifies no one; a
// Warning event during shutdown is a false failure notification; a Normal
// one tells of a reconciliation that shutdown cut short.
const (
	traceType   = "Trace"
	warningType = "Warning"
	normalType  = "Normal"
)

// notifies is the type parameter of an emission or emitter whose event
// type comes from no parameter: it notifies.
const notifies = -1

// eventType is what is known of the type of an emission's event, or of
// every event an emitter emits: a constant, or the argument of the
// emitting function's parameter param, or neither (unknownType). An empty
// constant tells as little as none.
type eventType struct {
	konst string // the constant type, or ""
	param int    // the parameter whose argument is the type, or notifies
}

var unknownType = eventType{param: notifies}

// emission tells whether a call publishes an event that may notify (a
// Trace event does not), and what its type is, in terms of the calling
// function's parameters.
func (em *emitters) emission(site *callgraph.Site) (emits bool, t eventType) {
	if em.isSinkCall(site) {
		shape, ok := recorders.ShapeOf(site.Callee)
		if !ok {
			return true, unknownType // a configured sink, or a recorder's method whose types are spoiled
		}
		return em.typeArg(site, shape.Type)
	}
	switch n, fact := em.idx.Target(site), em.importedEmitter(site); {
	case n != nil && em.local[n] != nil:
		t = em.eventTypes[n]
	case n == nil && fact != nil:
		t = fact.eventType()
	default:
		return false, unknownType
	}
	if t.param == notifies {
		return true, t
	}
	return em.typeArg(site, t.param)
}

// traceCall reports whether a call would publish an event but for its
// type, the constant "Trace": a sink's, or an emitter's whose type its
// argument decides.
func (em *emitters) traceCall(site *callgraph.Site) bool {
	if em.emits(site) {
		return false
	}
	if em.isSinkCall(site) {
		return true
	}
	n, fact := em.idx.Target(site), em.importedEmitter(site)
	return n != nil && em.local[n] != nil || n == nil && fact != nil
}

// typeArg tells what the argument a call gives its callee's parameter k
// makes of the event type: a Trace event (no emission), another constant,
// the calling function's parameter j, or unknown. A dispatch passes the
// interface method's parameters on unchanged.
func (em *emitters) typeArg(site *callgraph.Site, k int) (emits bool, t eventType) {
	if site.Dispatch() {
		return true, eventType{param: k}
	}
	info := em.idx.Info
	arg := callgraph.ArgOf(info, site.Call, k)
	if arg == nil {
		return true, unknownType
	}
	if tv, ok := info.Types[arg]; ok && tv.Value != nil {
		if tv.Value.Kind() != constant.String {
			return true, unknownType
		}
		s := constant.StringVal(tv.Value)
		return s != traceType, eventType{konst: s, param: notifies}
	}
	if v := syntax.Var(info, arg); v != nil && !em.idx.Assigned[v] {
		params := site.Fn.Sig.Params()
		for j := range params.Len() {
			if params.At(j) == v {
				return true, eventType{param: j}
			}
		}
	}
	return true, unknownType
}

// eventClass is what an event is to a reader of its finding: a Warning
// (a false alarm at shutdown), a Normal event, or one whose type is not
// known. The message and the category both read it.
type eventClass uint8

const (
	unknownEvent eventClass = iota
	warningEvent
	normalEvent
)

func (t eventType) class() eventClass {
	switch t.konst {
	case warningType:
		return warningEvent
	case normalType:
		return normalEvent
	}
	return unknownEvent
}
