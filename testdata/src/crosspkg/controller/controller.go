package controller // want package:"reachesSinks"

import (
	"context"

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
