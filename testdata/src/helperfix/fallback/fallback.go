package fallback // want package:"reachesSinks" package:`checks\(Reconciler\.Reconcile\[fix 0\]\)`

// Helpers that the fix cannot change: each call is wrapped where it stands
// instead.

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
)

type Reconciler struct {
	recorder record.EventRecorder
	obj      *corev1.ConfigMap
	onError  func(reason string)
}

func (r *Reconciler) Reconcile(ctx context.Context) {
	r.Notify("Exported")           // want `r.Notify\("Exported"\) emits an event`
	r.valued("Valued")             // want `r.valued\("Valued"\) emits an event`
	r.onError = r.valued           // used as a value: its other callers are unknown
	r.spawned("Spawned")           // want `r.spawned\("Spawned"\) emits an event`
	go r.spawned("InGoroutine")    // want `in a goroutine`
	r.fromHelper("FromHelper")     // want `r.fromHelper\("FromHelper"\) emits an event`
	r.deferred("Deferred")         // want `r.deferred\("Deferred"\) emits an event`
	r.inExpression("Expression")   // want `r.inExpression\("Expression"\) emits an event`
	r.implements("Implementation") // want `r.implements\("Implementation"\) emits an event`
}

// Notify is exported: other packages may call it.
func (r *Reconciler) Notify(reason string) { // want Notify:`emitter`
	r.recorder.Event(r.obj, corev1.EventTypeWarning, reason, "exported")
}

func (r *Reconciler) valued(reason string) { // want valued:`emitter`
	r.recorder.Event(r.obj, corev1.EventTypeWarning, reason, "used as a value")
}

// spawned is called in a goroutine too.
func (r *Reconciler) spawned(reason string) { // want spawned:`emitter`
	r.recorder.Event(r.obj, corev1.EventTypeWarning, reason, "in a goroutine")
}

// fromHelper is called from a function without a context that is no
// helper of the fix (exported).
func (r *Reconciler) fromHelper(reason string) { // want fromHelper:`emitter`
	r.recorder.Event(r.obj, corev1.EventTypeWarning, reason, "called from an exported helper")
}

func (r *Reconciler) Warn(reason string) { // want Warn:`emitter`
	r.fromHelper(reason)
}

// deferred emits in a defer, which the check cannot wrap.
func (r *Reconciler) deferred(reason string) { // want deferred:`emitter`
	defer r.recorder.Event(r.obj, corev1.EventTypeWarning, reason, "deferred")
}

// inExpression emits inside a larger expression.
func (r *Reconciler) inExpression(reason string) { // want inExpression:`emitter`
	_ = Emitted(r.recorder, r.obj, reason)
}

func Emitted(rec record.EventRecorder, obj *corev1.ConfigMap, reason string) bool { // want Emitted:`emitter`
	rec.Event(obj, corev1.EventTypeWarning, reason, "x")
	return true
}

type notifier interface {
	implements(reason string) // want implements:`emitter`
}

var _ notifier = (*Reconciler)(nil)

// implements implements an interface of the package: calls through it
// pass no context.
func (r *Reconciler) implements(reason string) { // want implements:`emitter`
	r.recorder.Event(r.obj, corev1.EventTypeWarning, reason, "an interface")
}

// warn returns an error, and a check holds at one of its calls: handed
// the context, that call would make the check stale and the event after
// it a finding, so warn keeps its signature.
func (r *Reconciler) warn(reason string) error { // want warn:`emitter`
	r.recorder.Event(r.obj, corev1.EventTypeWarning, reason, "warned")
	return nil
}

func (r *Reconciler) finish(ctx context.Context) error {
	r.warn("Unguarded") // want `r.warn\("Unguarded"\) emits an event`
	if errors.Is(ctx.Err(), context.Canceled) {
		return ctx.Err()
	}
	if err := r.warn("Guarded"); err != nil {
		return err
	}
	r.recorder.Event(r.obj, corev1.EventTypeNormal, "Done", "the check still holds")
	return nil
}
