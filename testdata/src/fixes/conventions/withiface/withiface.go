package withiface // want package:"reachesSinks" package:`checks\(R\.Push\[fix 0\] R\.Reconcile\[fix 0\]\)`

// The package spells the empty interface interface{}: so does the
// guarded method the fix writes. It derives a ctx from
// context.Background(): that is no name for the context a rename takes.

import (
	"context"
	"time"

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

// Sweep runs on its own: its context has no parent to keep.
func (r *R) Sweep() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_ = r.fetch(ctx)
}

// Push reassigns its ctx: the fix names the derived context after what it
// is handed to, fetchCtx, not ctx2 after Sweep's.
func (r *R) Push(ctx context.Context) {
	defer func() {
		r.rec.Event(r.obj, corev1.EventTypeNormal, "Pushed", "pushed") // want `event "Pushed" emitted by r\.rec\.Event is not guarded`
	}()
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	_ = r.fetch(ctx)
}
