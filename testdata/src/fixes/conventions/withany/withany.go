package withany // want package:"reachesSinks" package:`checks\(Push\.Push\[fix 0\] R\.Reconcile\[fix 0\]\)`

// The package spells the empty interface any, and names its timeout
// contexts ctxTimeout: the code the fix writes does the same.

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
)

type R struct {
	rec     record.EventRecorder
	obj     *corev1.ConfigMap
	timeout time.Duration
}

func (r *R) fetch(ctx context.Context) error { return nil }

func (r *R) log(keysAndValues ...any) {}

func (r *R) Reconcile(ctx context.Context) {
	r.rec.Eventf(r.obj, corev1.EventTypeNormal, "Started", "started %d", 1) // want `event "Started" emitted by r\.rec\.Eventf is not guarded`
	_ = r.fetch(ctx)
	r.rec.Eventf(r.obj, corev1.EventTypeNormal, "Fetched", "fetched %d", 2) // want `event "Fetched" emitted by r\.rec\.Eventf is not guarded`
	_ = r.fetch(ctx)
	r.rec.Eventf(r.obj, corev1.EventTypeNormal, "Done", "done %d", 3) // want `event "Done" emitted by r\.rec\.Eventf is not guarded`
}

// Pull bounds its download as the package bounds others.
func (r *R) Pull(ctx context.Context) {
	ctxTimeout, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	if err := r.fetch(ctxTimeout); err != nil {
		r.log("error", err)
	}
}

// Push reassigns its ctx: the fix names the derived context as Pull does.
func (r *Push) Push(ctx context.Context) {
	defer func() {
		r.rec.Event(r.obj, corev1.EventTypeNormal, "Pushed", "pushed") // want `event "Pushed" emitted by r\.rec\.Event is not guarded`
	}()
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	_ = fetch(ctx)
}

type Push struct {
	rec record.EventRecorder
	obj *corev1.ConfigMap
}

func fetch(ctx context.Context) error { return nil }
