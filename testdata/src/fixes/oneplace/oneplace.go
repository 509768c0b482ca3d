package oneplace // want package:"reachesSinks" package:`checks\(Bucket\.Reconcile\[fix 0\] Kustomization\.Reconcile\[fix 0\] Watcher\.Reconcile\[fix 0\]\)`

// One place to check per type: where a type has a guarded helper, or the
// fix gives it one, every direct recorder call of the type that the fix
// guards goes through one; a function that only emits gets one check.

import (
	"context"
	"errors"
	"log"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/record"
)

func scan(ctx context.Context) error { return nil }

// Bucket has a helper that logs and emits, with the recorder's
// parameters: the fix checks inside it, after its logging, and the direct
// call of the recorder goes through it too, rather than through a second
// helper beside it.
type Bucket struct {
	record.EventRecorder
	obj *corev1.ConfigMap
}

func (r *Bucket) Reconcile(ctx context.Context) error {
	if err := scan(ctx); err != nil {
		r.annotatedEventLogf(r.obj, nil, corev1.EventTypeWarning, "ScanFailed", "scan: %s", err) // want `r\.annotatedEventLogf\(.*\) emits an event`
		return err
	}
	r.AnnotatedEventf(r.obj, map[string]string{"revision": "1"}, corev1.EventTypeNormal, "Stored", "stored %s", "1") // want `event "Stored" emitted by r\.AnnotatedEventf is not guarded`
	return nil
}

// annotatedEventLogf logs the event, then records it.
func (r *Bucket) annotatedEventLogf(obj runtime.Object, annotations map[string]string, eventtype, reason, messageFmt string, args ...interface{}) { // want annotatedEventLogf:`emitter`
	log.Printf(messageFmt, args...)
	r.AnnotatedEventf(obj, annotations, eventtype, reason, messageFmt, args...)
}

// Watcher calls Event often enough for a guarded method: its one call of
// Eventf gets one too, rather than a check of its own.
type Watcher struct {
	rec record.EventRecorder
	obj *corev1.ConfigMap
}

func (r *Watcher) Reconcile(ctx context.Context) {
	if err := scan(ctx); err != nil {
		r.rec.Eventf(r.obj, corev1.EventTypeWarning, "Failed", "failed: %s", err) // want `event "Failed" emitted by r\.rec\.Eventf is not guarded`
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeNormal, "Ready", "ready") // want `event "Ready" emitted by r\.rec\.Event is not guarded`
	_ = scan(ctx)
	r.rec.Event(r.obj, corev1.EventTypeNormal, "Synced", "synced") // want `event "Synced" emitted by r\.rec\.Event is not guarded`
	_ = scan(ctx)
	r.rec.Event(r.obj, corev1.EventTypeNormal, "Done", "done") // want `event "Done" emitted by r\.rec\.Event is not guarded`
}

// Kustomization has a guarded helper of its own, which logs: its one
// direct call goes through it.
type Kustomization struct {
	rec record.EventRecorder
	obj *corev1.ConfigMap
}

func (r *Kustomization) Reconcile(ctx context.Context) {
	if err := scan(ctx); err != nil {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", err.Error()) // want `event "Failed" emitted by r\.rec\.Event is not guarded`
	}
	r.event(ctx, r.obj, corev1.EventTypeNormal, "Ready", "ready")
}

func (r *Kustomization) event(ctx context.Context, obj runtime.Object, eventtype, reason, message string) {
	log.Print(message)
	if errors.Is(ctx.Err(), context.Canceled) {
		return
	}
	r.rec.Event(obj, eventtype, reason, message)
}

// Drift reports what a drift check found.
type Drift struct {
	rec record.EventRecorder
	obj *corev1.ConfigMap
}

// report does nothing but emit, after an early return: one check, in the
// early return's condition, which skips its Trace event too.
func (r *Drift) report(ctx context.Context, eventType, msg string) {
	if eventType == "" {
		return
	}
	r.rec.Event(r.obj, "Trace", "Reported", msg)
	if eventType == corev1.EventTypeWarning {
		r.rec.Eventf(r.obj, eventType, "Drifted", "drift: %s", msg) // want `event "Drifted" emitted by r\.rec\.Eventf is not guarded`
	} else {
		r.rec.Eventf(r.obj, eventType, "InSync", "in sync: %s", msg) // want `event "InSync" emitted by r\.rec\.Eventf is not guarded`
	}
}
