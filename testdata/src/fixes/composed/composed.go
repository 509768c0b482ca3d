package composed // want package:"reachesSinks" package:`checks\(R\.Reconcile\[fix 0\]\)`

// RULE v8: -fix applies every fix in one run. Two fixes that edit one
// statement compose: the fix that puts a statement in an if inserts
// around it and leaves its text to the other fixes. The code is a
// Reconcile method's, with the same findings and fixes under both scopes.

import (
	"context"
	"errors"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
)

type R struct {
	rec     record.EventRecorder
	timeout time.Duration
}

// The deferred literal runs after cancel and hands ctx to report, whose
// fix checks it: the timeout's context is renamed, and the rename reaches
// the ctx passed to detached, a call that the fix of its own finding puts
// in an if.
func (r *R) Reconcile(ctx context.Context, obj *corev1.ConfigMap) error {
	r.both(ctx, obj)
	r.later(ctx, obj)
	defer func() {
		r.report(ctx, obj) // want `r\.report\(ctx, obj\) hands report a context that the code has cancelled \(context\.WithTimeout at line 32\) on every path to the call`
	}()
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	r.detached(ctx, obj) // want `r\.detached\(ctx, obj\) emits an event \(r\.rec\.Event at composed\.go:47\) without a cancellation check`
	return nil
}

func (r *R) report(ctx context.Context, obj *corev1.ConfigMap) {
	r.rec.Event(obj, corev1.EventTypeWarning, "Reported", "report") // want `event "Reported" emitted by r\.rec\.Event is not guarded`
}

// detached emits with no usable context of its own: it cuts its
// parameter loose from cancellation.
func (r *R) detached(c context.Context, obj *corev1.ConfigMap) { // want detached:`emitter\(r\.rec\.Event@composed\.go:47; type="Normal"\)`
	c = context.WithoutCancel(c)
	_ = c
	r.rec.Event(obj, corev1.EventTypeNormal, "Detached", "detached")
}

func (r *R) scan(ctx context.Context, obj *corev1.ConfigMap) error { return nil }

// step checks its context by hand before its first event, then cuts it
// loose and emits again: a call of it hands on the context it checks and
// emits without a check.
func (r *R) step(ctx context.Context, obj *corev1.ConfigMap) { // want step:`emitter\(r\.rec\.Event@composed\.go:61; type="Normal"\)`
	if ctx.Err() == nil {
		r.rec.Event(obj, corev1.EventTypeNormal, "Stepped", "step")
	}
	ctx = context.WithoutCancel(ctx)
	_ = ctx
	r.rec.Event(obj, corev1.EventTypeNormal, "Detached", "step")
}

// The call hands step the timeout's context, cancelled before it, and
// step emits without a usable context: one diagnostic says both, and its
// fix mends both, the timeout renamed and the parameter checked around
// the call.
func (r *R) both(ctx context.Context, obj *corev1.ConfigMap) {
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	err := r.scan(ctx, obj)
	cancel()
	r.step(ctx, obj) // want `r\.step\(ctx, obj\) emits an event \(r\.rec\.Event at composed\.go:61\) without a cancellation check: .*; the call also hands step a context that the code has cancelled \(context\.WithTimeout at line 69\) on every path to the call: step checks it before its events, so every event would be dropped; give the derived context a name of its own so that ctx stays the context shutdown cancels$`
	_ = err
}

// The callback runs after its function returns: one diagnostic, no fix.
func (r *R) later(ctx context.Context, obj *corev1.ConfigMap) {
	time.AfterFunc(r.timeout, func() {
		r.step(ctx, obj) // want `r\.step\(ctx, obj\) emits an event \(r\.rec\.Event at composed\.go:61\) in a function literal that may run after its function returns, .* \(check errors\.Is\(ctx\.Err\(\), context\.Canceled\) there\); the call also hands step a context that may be cancelled when the call runs, and step checks it before its events, so every event would be dropped$`
	})
}

var _ = errors.Is
