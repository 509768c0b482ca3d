package derived // want package:"reachesSinks" package:`checks\(R\.Reconcile\[0\] R\.Unreached\[0\]\)`

// RULE v7 under scope reconcile: the shapes of fixes/derived in code a
// Reconcile method reaches. Outside it (Unreached), the same shape is an
// emitter and not judged.

import (
	"context"
	"errors"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/record"
)

type R struct {
	rec     record.EventRecorder
	timeout time.Duration
}

func (r *R) scan(ctx context.Context, obj *corev1.ConfigMap) error { return nil }

func (r *R) Reconcile(ctx context.Context, obj *corev1.ConfigMap, objs []*corev1.ConfigMap) error {
	r.loop(ctx, objs)
	r.handoff(ctx, obj)
	return r.reconcile(ctx, obj)
}

// The seed issue's shape.
func (r *R) reconcile(ctx context.Context, obj *corev1.ConfigMap) (retErr error) {
	defer func() {
		r.report(ctx, obj, retErr) // want `r\.report\(ctx, obj, retErr\) hands report a context that the code has cancelled \(context\.WithTimeout at line 35\)`
	}()
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	return r.scan(ctx, obj)
}

func (r *R) report(ctx context.Context, obj *corev1.ConfigMap, err error) {
	if err != nil {
		r.eventf(obj, corev1.EventTypeWarning, "ScanFailed", err.Error()) // want `r\.eventf\(obj, corev1\.EventTypeWarning, "ScanFailed", err\.Error\(\)\) emits an event`
	}
}

func (r *R) eventf(obj runtime.Object, eventType, reason, msg string) { // want eventf:`emitter\(r\.rec\.Event@derived\.go:47; type=param 1\)`
	r.rec.Event(obj, eventType, reason, msg)
}

// A timeout in a loop, cancelled right after the call.
func (r *R) loop(ctx context.Context, objs []*corev1.ConfigMap) {
	for _, obj := range objs {
		ctx, cancel := context.WithTimeout(ctx, r.timeout)
		err := r.scan(ctx, obj)
		cancel()
		if err != nil {
			r.rec.Event(obj, corev1.EventTypeWarning, "ScanFailed", err.Error()) // want `event "ScanFailed" emitted by r\.rec\.Event is not guarded`
		}
	}
}

// A call after cancel() to a function that checks its context.
func (r *R) handoff(ctx context.Context, obj *corev1.ConfigMap) {
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	err := r.scan(ctx, obj)
	cancel()
	r.notify(ctx, obj, err) // want `r\.notify\(ctx, obj, err\) hands notify a context that the code has cancelled`
}

func (r *R) notify(ctx context.Context, obj *corev1.ConfigMap, err error) {
	if err == nil || errors.Is(ctx.Err(), context.Canceled) {
		return
	}
	r.rec.Event(obj, corev1.EventTypeWarning, "ScanFailed", err.Error())
}

// Unreached is outside reconcile code: its event makes it an emitter, and
// nothing in it is reported.
func (r *R) Unreached(ctx context.Context, obj *corev1.ConfigMap) { // want Unreached:`emitter`
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	err := r.scan(ctx, obj)
	cancel()
	r.notify(ctx, obj, err)
	if err != nil {
		r.rec.Event(obj, corev1.EventTypeWarning, "ScanFailed", err.Error())
	}
}
