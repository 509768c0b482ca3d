package review // want package:"reachesSinks" package:`checks\(R\.Reconcile\[fix 0\]\)`

// What a reviewer of the fix asks about that no finding says: the events
// no context reaches, and the contexts the code keeps of its own.

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
)

var base context.Context // a context of the package's own

type R struct {
	rec       record.EventRecorder
	obj       *corev1.ConfigMap
	interrupt context.CancelFunc
	handlers  []func()
}

// observe has no context, and nothing that has one calls it: its event is
// left unguarded.
func (r *R) observe() { // want observe:`emitter`
	r.rec.Event(r.obj, corev1.EventTypeWarning, "InventoryBuildFailed", "m")
}

// Setup keeps observe as a handler: no context reaches it.
func (r *R) Setup() {
	r.handlers = append(r.handlers, r.observe)
}

// traced takes its type from its callers, which all pass Trace.
func (r *R) traced(eventType string) { // want traced:`emitter`
	r.rec.Event(r.obj, eventType, "Traced", "m")
}

// failure is called from Reconcile, which has a context: its event is a
// finding's, not left unguarded.
func (r *R) failure() { // want failure:`emitter`
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "m")
}

func (r *R) Reconcile(ctx context.Context) {
	r.traced("Trace")
	r.failure() // want `r\.failure\(\) emits an event`
}

// Notify is exported: its importers may call it with a context.
func Notify(rec record.EventRecorder, obj *corev1.ConfigMap) { // want Notify:`emitter`
	rec.Event(obj, corev1.EventTypeWarning, "Notified", "m")
}
