package fields // want package:"reachesSinks" package:`checks\(R\.Reconcile\[fix 0\]\)`

// A test of a context held in a field is no check: the fix checks the
// context parameter.

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
)

type R struct {
	rec record.EventRecorder
	obj *corev1.ConfigMap
	ctx context.Context
}

func (r *R) Reconcile(ctx context.Context) {
	if r.ctx.Err() != nil {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "FieldChecked", "x") // want `event "FieldChecked" emitted by r\.rec\.Event is not guarded`
}
