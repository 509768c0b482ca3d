package trace // want package:"reachesSinks" package:`checks\(R\.Reconcile\[fix 0\]\)`

// Trace events are not notifications: an emission whose event type is the
// constant "Trace" is never reported, in every sink shape and through
// emitters whose type comes from their caller; only a constant decides.

import (
	"context"

	eventv1 "github.com/fluxcd/pkg/apis/event/v1"
	fluxevents "github.com/fluxcd/pkg/runtime/events"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/record"

	"trace/events"
)

// typeTrace is a constant of that value.
const typeTrace = "Trace"

type R struct {
	rec  record.EventRecorder
	flux *fluxevents.Recorder // the struct of runtime v0.111, on the core/v1 API
	ev   eventer
	obj  *corev1.ConfigMap
}

func (r *R) Reconcile(ctx context.Context, eventType string) {
	r.rec.Event(r.obj, eventv1.EventTypeTrace, "ArtifactUpToDate", "artifact up-to-date")
	r.rec.Eventf(r.obj, "Trace", "GarbageCollected", "garbage collected %d artifacts", 3)
	r.rec.AnnotatedEventf(r.obj, map[string]string{"revision": "v1"}, typeTrace, "NoArtifact", "no artifact available")
	r.flux.Event(r.obj, eventv1.EventTypeTrace, "Progressing", "K8s native event only")
	r.flux.Eventf(r.obj, eventv1.EventTypeTrace, "Progressing", "building %s", "artifact")
	r.flux.AnnotatedEventf(r.obj, nil, eventv1.EventTypeTrace, "Progressing", "K8s native event only")
	(*fluxevents.Recorder).Event(r.flux, r.obj, eventv1.EventTypeTrace, "MethodExpression", "receiver first")
	(*fluxevents.Recorder).Event(r.flux, r.obj, corev1.EventTypeWarning, "MethodExprFailed", "receiver first") // want `event "MethodExprFailed" emitted by \(\*fluxevents.Recorder\).Event is not guarded`

	kind := eventv1.EventTypeTrace
	r.rec.Event(r.obj, kind, "ViaVariable", "a variable holding Trace")                          // want `event "ViaVariable" emitted by r.rec.Event is not guarded`
	r.rec.Event(r.obj, corev1.EventTypeNormal, "Trace", "a reason named Trace")                  // want `event "Trace" emitted by r.rec.Event is not guarded`
	r.rec.Event(r.obj, eventType, "FromParameter", "a function with a context is judged itself") // want `event "FromParameter" emitted by r.rec.Event is not guarded`
	r.flux.Eventf(r.obj, corev1.EventTypeWarning, "Failed", "%s", "failed")                      // want `event "Failed" emitted by r.flux.Eventf is not guarded`

	// Emitters whose type comes from the caller.
	r.eventLogf(r.obj, eventv1.EventTypeTrace, "Reconciling", "trace only")
	r.eventLogf(r.obj, corev1.EventTypeWarning, "ReconcileFailed", "failed") // want `r.eventLogf\(r.obj, corev1.EventTypeWarning, "ReconcileFailed", "failed"\) emits an event \(r.rec.Event at trace.go:\d+\)`
	r.eventLogf(r.obj, kind, "ViaVariable", "a variable holding Trace")      // want `r.eventLogf\(r.obj, kind, "ViaVariable", "a variable holding Trace"\) emits an event`
	r.forward(r.obj, typeTrace, "Chained")
	r.forward(r.obj, corev1.EventTypeNormal, "Chained") // want `r.forward\(r.obj, corev1.EventTypeNormal, "Chained"\) emits an event \(r.rec.Event at trace.go:\d+\)`
	r.annotated(r.obj, eventv1.EventTypeTrace, "Annotated")
	r.annotated(r.obj, corev1.EventTypeWarning, "Annotated") // want `r.annotated\(r.obj, corev1.EventTypeWarning, "Annotated"\) emits an event \(r.rec.AnnotatedEventf at trace.go:\d+\)`
	func(t string) {
		r.rec.Event(r.obj, t, "InLiteral", "a literal with the context in scope is judged itself") // want `event "InLiteral" emitted by r.rec.Event is not guarded`
	}(eventv1.EventTypeTrace)

	// Across packages, and through a chain of two.
	events.Record(r.rec, r.obj, eventv1.EventTypeTrace, "Recorded", "trace only")
	events.Record(r.rec, r.obj, corev1.EventTypeWarning, "Recorded", "failed") // want `events.Record\(r.rec, r.obj, corev1.EventTypeWarning, "Recorded", "failed"\) emits an event \(rec.Event at events.go:14\)`
	events.Forward(r.rec, r.obj, eventv1.EventTypeTrace, "Forwarded")
	events.Forward(r.rec, r.obj, corev1.EventTypeWarning, "Forwarded") // want `events.Forward\(r.rec, r.obj, corev1.EventTypeWarning, "Forwarded"\) emits an event \(rec.Event at events.go:14\)`

	// Through an interface method whose implementation takes the type
	// from its caller.
	r.ev.event(r.obj, eventv1.EventTypeTrace, "Dispatched")
	r.ev.event(r.obj, corev1.EventTypeWarning, "Dispatched") // want `r.ev.event\(r.obj, corev1.EventTypeWarning, "Dispatched"\) emits an event \(kubeEventer.event calls k.rec.Event at trace.go:\d+\)`

	// Emitters that notify whatever their caller passes.
	r.traceOnly(r.obj)
	r.mixed(r.obj, eventv1.EventTypeTrace)                // want `r.mixed\(r.obj, eventv1.EventTypeTrace\) emits an event`
	r.twoParams(r.obj, eventv1.EventTypeTrace, typeTrace) // want `r.twoParams\(r.obj, eventv1.EventTypeTrace, typeTrace\) emits an event`
	r.reassigned(r.obj, eventv1.EventTypeTrace, false)    // want `r.reassigned\(r.obj, eventv1.EventTypeTrace, false\) emits an event`
	r.redeclared(r.obj, eventv1.EventTypeTrace)           // want `r.redeclared\(r.obj, eventv1.EventTypeTrace\) emits an event`
	r.ranged(r.obj, eventv1.EventTypeTrace)               // want `r.ranged\(r.obj, eventv1.EventTypeTrace\) emits an event`
}

// eventLogf logs and emits an event whose type its caller gives
// (source-controller's EventLogf, without the context).
func (r *R) eventLogf(obj runtime.Object, eventType, reason, msg string) { // want eventLogf:`emitter\(r.rec.Event@trace.go:\d+; type=param 1\)`
	r.rec.Event(obj, eventType, reason, msg)
}

// forward passes its caller's type on.
func (r *R) forward(obj runtime.Object, kind, reason string) { // want forward:`emitter\(r.eventLogf@trace.go:\d+ -> r.rec.Event@trace.go:\d+; type=param 1\)`
	r.eventLogf(obj, kind, reason, "forwarded")
}

// annotated takes its type from its caller, with AnnotatedEventf.
func (r *R) annotated(obj runtime.Object, eventType, reason string) { // want annotated:`emitter\(r.rec.AnnotatedEventf@trace.go:\d+; type=param 1\)`
	r.rec.AnnotatedEventf(obj, map[string]string{"revision": "v1"}, eventType, reason, "%s", "annotated")
}

// traceOnly emits Trace events only: no emitter.
func (r *R) traceOnly(obj runtime.Object) {
	r.rec.Event(obj, eventv1.EventTypeTrace, "A", "a")
	r.rec.Eventf(obj, typeTrace, "B", "%s", "b")
}

// mixed emits one event of its caller's type and one Warning: a
// notification emitter.
func (r *R) mixed(obj runtime.Object, eventType string) { // want mixed:`emitter\(r.rec.Event@trace.go:\d+\)`
	r.rec.Event(obj, eventType, "A", "a")
	r.rec.Event(obj, corev1.EventTypeWarning, "B", "b")
}

// twoParams takes its types from two parameters: a notification emitter.
func (r *R) twoParams(obj runtime.Object, a, b string) { // want twoParams:`emitter\(r.rec.Event@trace.go:\d+\)`
	r.rec.Event(obj, a, "A", "a")
	r.rec.Event(obj, b, "B", "b")
}

// reassigned may change its parameter before emitting: the type is not
// its caller's, so it notifies.
func (r *R) reassigned(obj runtime.Object, eventType string, failed bool) { // want reassigned:`emitter\(r.rec.Event@trace.go:\d+\)`
	if failed {
		eventType = corev1.EventTypeWarning
	}
	r.rec.Event(obj, eventType, "Reassigned", "x")
}

// redeclared assigns its parameter in a := that declares another
// variable: the type is not its caller's.
func (r *R) redeclared(obj runtime.Object, eventType string) { // want redeclared:`emitter\(r.rec.Event@trace.go:\d+\)`
	eventType, n := normalize(eventType)
	r.rec.Event(obj, eventType, "Redeclared", n)
}

func normalize(eventType string) (string, string) { return corev1.EventTypeWarning, eventType }

// ranged assigns its parameter in a range clause.
func (r *R) ranged(obj runtime.Object, eventType string) { // want ranged:`emitter\(r.rec.Event@trace.go:\d+\)`
	for _, eventType = range []string{corev1.EventTypeWarning} {
	}
	r.rec.Event(obj, eventType, "Ranged", "x")
}

type eventer interface {
	event(obj runtime.Object, eventType, reason string) // want event:`emitter\(kubeEventer.event -> k.rec.Event@trace.go:\d+; type=param 1\)`
}

type kubeEventer struct{ rec record.EventRecorder }

func (k kubeEventer) event(obj runtime.Object, eventType, reason string) { // want event:`emitter\(k.rec.Event@trace.go:\d+; type=param 1\)`
	k.rec.Event(obj, eventType, reason, "dispatched")
}
