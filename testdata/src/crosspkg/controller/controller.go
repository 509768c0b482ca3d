package controller // want package:"reachesSinks" package:`checks\(R\.Reconcile\[0\]\)`

import (
	"context"

	"crosspkg/die"
	"crosspkg/guard"
	"crosspkg/notify"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
)

type R struct {
	rec record.EventRecorder
	obj *corev1.ConfigMap
}

func (r *R) Reconcile(ctx context.Context) {
	notify.Warn(r.rec, r.obj, "x") // want `notify.Warn\(r.rec, r.obj, "x"\) emits an event \(rec.Eventf at notify.go:\d+\) without a cancellation check`
	if guard.ShuttingDown(ctx) {
		return
	}
	notify.Record(r.rec, r.obj, "Failed", "guarded by a guard of another package")
}

// A function of another package that never returns ends the path (facts).
func (r *R) noReturn(ctx context.Context) {
	if ctx.Err() != nil {
		die.Die("cancelled")
	}
	notify.Record(r.rec, r.obj, "Failed", "guarded: Die never returns")
}

func (r *R) mayReturn(ctx context.Context) {
	if ctx.Err() != nil {
		die.Maybe(ctx.Err())
	}
	notify.Record(r.rec, r.obj, "Failed", "Maybe returns") // want `notify.Record\(r.rec, r.obj, "Failed", "Maybe returns"\) emits an event`
}
