package bundled // want package:"reachesSinks" package:`checks\(R\.Apply\[fix 0\] R\.Progress\[fix 0\] R\.Ready\[fix 0\]\)`

// Two guarded methods after one declaration, and a helper fixed at its
// depth whose events take both, in the other order: every fix that adds
// one adds both, in one order, so that the drivers add each once (they
// coalesce only identical insertions that meet in step).

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

func (r *R) get(ctx context.Context) error { return nil }

func (r *R) Ready(ctx context.Context) {
	if err := r.get(ctx); err != nil {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "GetFailed", err.Error()) // want `event "GetFailed" emitted by r\.rec\.Event is not guarded`
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeNormal, "Ready", "ready")   // want `event "Ready" emitted by r\.rec\.Event is not guarded`
	r.rec.Event(r.obj, corev1.EventTypeNormal, "Synced", "synced") // want `event "Synced" emitted by r\.rec\.Event is not guarded`
}

func (r *R) Progress(ctx context.Context, n int) {
	if err := r.get(ctx); err != nil {
		r.rec.Eventf(r.obj, corev1.EventTypeWarning, "Retry", "attempt %d", n) // want `event "Retry" emitted by r\.rec\.Eventf is not guarded`
		return
	}
	r.rec.Eventf(r.obj, corev1.EventTypeNormal, "Progressing", "step %d", n) // want `event "Progressing" emitted by r\.rec\.Eventf is not guarded`
	r.rec.Eventf(r.obj, corev1.EventTypeNormal, "Progressed", "step %d", n)  // want `event "Progressed" emitted by r\.rec\.Eventf is not guarded`
}

// fail has no context: its fix passes it one and checks it there; its
// events take both guarded methods, eventf first.
func (r *R) fail(err error) { // want fail:`emitter\(r\.rec\.Eventf@bundled\.go:44; type="Warning"\)`
	r.rec.Eventf(r.obj, corev1.EventTypeWarning, "FailedDetail", "%v", err)
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", err.Error())
}

func (r *R) Apply(ctx context.Context) {
	if err := r.get(ctx); err != nil {
		r.fail(err) // want `r\.fail\(err\) emits an event \(r\.rec\.Eventf at bundled\.go:44\) without a cancellation check`
	}
}

var _ = errors.Is
