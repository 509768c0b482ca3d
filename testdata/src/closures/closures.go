package closures // want package:"reachesSinks"

// Closures need their own checks; deferred calls run after every check.

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

func (r *R) deferredSink(ctx context.Context) {
	if errors.Is(ctx.Err(), context.Canceled) {
		return
	}
	defer r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "x") // want `deferred event "\w+" emitted by r.rec.Event runs after every cancellation check`
}

func (r *R) deferredHelper(ctx context.Context) {
	if errors.Is(ctx.Err(), context.Canceled) {
		return
	}
	defer notify(r.rec, r.obj) // want `deferred call of notify\(r.rec, r.obj\) emits an event \(rec.Event at closures.go:\d+\) after every cancellation check`
}

func notify(rec record.EventRecorder, obj *corev1.ConfigMap) { // want notify:`emitter`
	rec.Event(obj, corev1.EventTypeWarning, "Failed", "x")
}

func (r *R) deferredClosure(ctx context.Context) {
	if errors.Is(ctx.Err(), context.Canceled) {
		return
	}
	defer func() {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "DeferredClosure", "the check above ran long before") // want `event "DeferredClosure" emitted by r\.rec\.Event is not guarded`
	}()
	defer func() {
		if !errors.Is(ctx.Err(), context.Canceled) {
			r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded in the closure")
		}
	}()
}

func (r *R) goClosure(ctx context.Context) {
	if errors.Is(ctx.Err(), context.Canceled) {
		return
	}
	go func() {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "runs later") // want `in a goroutine that may outlive the reconciliation`
	}()
}

func (r *R) callback(ctx context.Context, register func(func())) { // want callback:`runs\(1\)`
	if errors.Is(ctx.Err(), context.Canceled) {
		return
	}
	register(func() {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Callback", "runs later") // want `event "Callback" emitted by r\.rec\.Event in a function literal that may run after its function returns, when every cancel has run, without a cancellation check: .*; decide whether the event is still wanted before handing it to register \(line 63\)`
	})
}

func (r *R) invokedNow(ctx context.Context) {
	if errors.Is(ctx.Err(), context.Canceled) {
		return
	}
	func() {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "runs here, after the check")
	}()
}

// localClosure's literal is held by a variable that is only ever called,
// at a guarded call site: a guarded function.
func (r *R) localClosure(ctx context.Context) {
	emit := func() {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "x")
	}
	if !errors.Is(ctx.Err(), context.Canceled) {
		emit()
	}
}

// withoutContext runs a literal that emits: the literal is an emitter, so
// its call makes withoutContext one.
func withoutContext(rec record.EventRecorder, obj *corev1.ConfigMap) { // want withoutContext:`emitter`
	func() {
		rec.Event(obj, corev1.EventTypeWarning, "Failed", "x")
	}()
}

func (r *R) callsWithoutContext(ctx context.Context) {
	withoutContext(r.rec, r.obj) // want `withoutContext\(r.rec, r.obj\) emits an event \(rec.Event at closures.go:\d+\)`
}
