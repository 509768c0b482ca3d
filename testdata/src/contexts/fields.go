package contexts

// A context held in a struct field is no usable context: a test of it is
// no check (the reconciler may hold a context of an earlier
// reconciliation, or one that shutdown never reaches). A variable given
// its value is one.

import (
	"context"
	"errors"
	"time"

	corev1 "k8s.io/api/core/v1"
)

type F struct {
	R
	ctx   context.Context
	inner struct{ ctx context.Context }
}

// done is a guard function: it counts only on a usable context.
func done(ctx context.Context) bool { // want done:`guard`
	return errors.Is(ctx.Err(), context.Canceled)
}

func (r *F) fieldErr(ctx context.Context) {
	if r.ctx.Err() != nil {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "after a test of r.ctx") // want `check errors.Is\(ctx.Err\(\), context.Canceled\) first`
}

func (r *F) fieldShapes(ctx context.Context) {
	if errors.Is(context.Cause(r.ctx), context.Canceled) || r.inner.ctx.Err() == context.Canceled || done(r.ctx) {
		return
	}
	select {
	case <-r.ctx.Done():
		return
	default:
		r.rec.Event(r.obj, corev1.EventTypeWarning, "AfterFieldTests", "after tests of fields") // want `event "AfterFieldTests" emitted by r\.rec\.Event is not guarded`
	}
}

// fieldOnly has no usable context, only a field: an emitter, whatever it
// tests.
func (r *F) fieldOnly() { // want fieldOnly:`emitter`
	if err := r.ctx.Err(); err != nil {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "no usable context")
}

func (r *F) callsFieldOnly(ctx context.Context) {
	r.fieldOnly() // want `r.fieldOnly\(\) emits an event`
}

// A local made from a field is a variable in hand: checks on it count.
func (r *F) localFromField() {
	ctx, cancel := context.WithTimeout(r.ctx, time.Second)
	defer cancel()
	if ctx.Err() != nil {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded by the local")
	held := r.ctx
	if !errors.Is(held.Err(), context.Canceled) {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded by the local")
	}
}

func (r *F) localInHand() {
	held := r.ctx
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "the local is in hand") // want `check errors.Is\(held.Err\(\), context.Canceled\) first`
	_ = held
}
