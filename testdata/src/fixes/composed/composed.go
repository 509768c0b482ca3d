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
	defer func() {
		r.report(ctx, obj) // want `r\.report\(ctx, obj\) hands report a context that the code has cancelled \(context\.WithTimeout at line 30\) on every path to the call`
	}()
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	r.detached(ctx, obj) // want `r\.detached\(ctx, obj\) emits an event \(r\.rec\.Event at composed\.go:45\) without a cancellation check`
	return nil
}

func (r *R) report(ctx context.Context, obj *corev1.ConfigMap) {
	r.rec.Event(obj, corev1.EventTypeWarning, "Reported", "report") // want `event "Reported" emitted by r\.rec\.Event is not guarded`
}

// detached emits with no usable context of its own: it cuts its
// parameter loose from cancellation.
func (r *R) detached(c context.Context, obj *corev1.ConfigMap) { // want detached:`emitter\(r\.rec\.Event@composed\.go:45; type="Normal"\)`
	c = context.WithoutCancel(c)
	_ = c
	r.rec.Event(obj, corev1.EventTypeNormal, "Detached", "detached")
}

var _ = errors.Is
