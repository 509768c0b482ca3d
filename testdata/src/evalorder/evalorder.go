package evalorder // want package:"reachesSinks"

// Calls inside a condition run in evaluation order: the right operand of
// && and || only on the outcome that evaluates it.

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
)

type R struct {
	rec record.EventRecorder
	obj *corev1.ConfigMap
}

func notify(rec record.EventRecorder, obj *corev1.ConfigMap) bool { // want notify:`emitter`
	rec.Event(obj, corev1.EventTypeWarning, "Failed", "x")
	return true
}

func (r *R) and(ctx context.Context) {
	if ctx.Err() == nil && notify(r.rec, r.obj) {
		return
	}
	if notify(r.rec, r.obj) && ctx.Err() == nil { // want `notify\(r.rec, r.obj\) emits an event`
		return
	}
}

func (r *R) or(ctx context.Context) {
	if errors.Is(ctx.Err(), context.Canceled) || notify(r.rec, r.obj) {
		return
	}
}

func (r *R) orCancelled(ctx context.Context) {
	if ctx.Err() == nil || notify(r.rec, r.obj) { // want `notify\(r.rec, r.obj\) emits an event`
		return
	}
}

func (r *R) assigned(ctx context.Context) {
	ok := ctx.Err() == nil && notify(r.rec, r.obj)
	_ = ok
}

func (r *R) nested(ctx context.Context, x bool) {
	if x && !(ctx.Err() != nil || !notify(r.rec, r.obj)) {
		return
	}
}
