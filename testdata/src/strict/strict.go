package strict // want package:"reachesSinks" package:`checks\(R\.Reconcile\[0\]\)`

// -strict reports checks that also skip events on a timeout.

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

func (r *R) Reconcile(ctx context.Context) {
	if ctx.Err() != nil { // want `this check also skips events when the context times out`
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "x")
}

func (r *R) precise(ctx context.Context) {
	if errors.Is(ctx.Err(), context.Canceled) {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "x")
}
