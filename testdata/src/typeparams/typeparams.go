package typeparams // want package:"reachesSinks" package:`checks\(Reconciler\.Reconcile\[0\]\)`

// Generic reconcilers, recorders held in generic structs, generic emitter
// helpers and guards, instantiated function values.

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/record"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Reconciler is generic over its object type.
type Reconciler[T client.Object] struct {
	rec    record.EventRecorder
	newObj func() T
	events holder[record.EventRecorder]
}

func (r *Reconciler[T]) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	obj := r.newObj()
	r.rec.Event(obj, corev1.EventTypeWarning, "Failed", "x") // want `event "Failed" emitted by r.rec.Event is not guarded`
	emit(r.rec, obj)                                         // want `emit\(r.rec, obj\) emits an event \(rec.Event at typeparams.go:\d+\)`
	f := emit[T]
	f(r.rec, obj)        // want `f\(r.rec, obj\) emits an event`
	r.events.notify(obj) // want `r.events.notify\(obj\) emits an event`
	if canceled(ctx, req) {
		return reconcile.Result{}, ctx.Err()
	}
	r.rec.Event(obj, corev1.EventTypeWarning, "Failed", "guarded by a generic guard")
	emit(r.rec, obj)
	f(r.rec, obj)
	notifyGuarded[T](ctx, r.rec, obj)
	return reconcile.Result{}, nil
}

// notifyGuarded is instantiated explicitly at its one call, which is
// guarded: a call, not a use as a value, so it starts guarded (rule 3).
func notifyGuarded[T runtime.Object](ctx context.Context, rec record.EventRecorder, obj T) {
	rec.Event(obj, corev1.EventTypeWarning, "Failed", "guarded by its only caller")
}

// eventer is a recorder narrowed to Eventf, as a type constraint.
type eventer interface {
	Eventf(object runtime.Object, eventtype, reason, messageFmt string, args ...interface{})
}

// holder keeps a recorder in a generic struct.
type holder[E eventer] struct {
	rec E
}

func (h holder[E]) notify(obj runtime.Object) { // want notify:`emitter`
	h.rec.Eventf(obj, corev1.EventTypeWarning, "Failed", "%s", "x")
}

func (h holder[E]) notifyCtx(ctx context.Context, obj runtime.Object) {
	h.rec.Eventf(obj, corev1.EventTypeWarning, "Failed", "%s", "x") // want `event "Failed" emitted by h.rec.Eventf is not guarded`
}

// emit is a generic emitter helper.
func emit[T runtime.Object](rec record.EventRecorder, obj T) { // want emit:`emitter`
	rec.Event(obj, corev1.EventTypeWarning, "Failed", "x")
}

// canceled is a guard with a type parameter.
func canceled[K comparable](ctx context.Context, key K) bool { // want canceled:`guard\(param=0, true={canceled}, false={live,timedOut}\)`
	return errors.Is(ctx.Err(), context.Canceled)
}
