package withiface // want package:"reachesSinks" package:`checks\(R\.Reconcile\[fix 0\]\)`

// The package spells the empty interface interface{}: so does the
// guarded method the fix writes.

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
)

type R struct {
	rec record.EventRecorder
	obj *corev1.ConfigMap
}

func (r *R) fetch(ctx context.Context) error { return nil }

func (r *R) log(keysAndValues ...interface{}) {}

func (r *R) Reconcile(ctx context.Context) {
	r.rec.Eventf(r.obj, corev1.EventTypeNormal, "Started", "started %d", 1) // want `event "Started" emitted by r\.rec\.Eventf is not guarded`
	_ = r.fetch(ctx)
	r.rec.Eventf(r.obj, corev1.EventTypeNormal, "Fetched", "fetched %d", 2) // want `event "Fetched" emitted by r\.rec\.Eventf is not guarded`
	_ = r.fetch(ctx)
	r.rec.Eventf(r.obj, corev1.EventTypeNormal, "Done", "done %d", 3) // want `event "Done" emitted by r\.rec\.Eventf is not guarded`
	r.log("done", true)
}
