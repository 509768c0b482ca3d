package categories // want package:"reachesSinks" package:`checks\(R\.Handoff\[0\] R\.Reconcile\[fix 0\] R\.Saved\[fix 0\]\)`

// What each finding's event is, for a description of the fix: a Warning,
// a Normal event, one whose type is not known, a Normal event in a
// function that saves the status under a context shutdown does not
// cancel, and a call that hands a cancelled context to a check.

import (
	"context"
	"errors"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct {
	client.Client
	rec record.EventRecorder
	obj *corev1.ConfigMap
}

func (r *R) Reconcile(ctx context.Context, eventType string) {
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "failed") // want `event "Failed"`
	r.rec.Event(r.obj, corev1.EventTypeNormal, "Ready", "ready")    // want `event "Ready"`
	r.rec.Event(r.obj, eventType, "Computed", "computed")           // want `event "Computed"`
}

// Saved patches the status with a context shutdown does not cancel: the
// success is recorded at shutdown too, and only its event is skipped.
func (r *R) Saved(ctx context.Context) {
	_ = r.Status().Patch(context.WithoutCancel(ctx), r.obj, nil)
	r.rec.Event(r.obj, corev1.EventTypeNormal, "Saved", "saved") // want `event "Saved"`
}

func (r *R) Handoff(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	_ = r.Update(ctx, r.obj)
	cancel()
	r.notify(ctx) // want `r\.notify\(ctx\) hands notify a context that the code has cancelled`
}

func (r *R) notify(ctx context.Context) {
	if errors.Is(ctx.Err(), context.Canceled) {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeNormal, "Notified", "notified")
}
