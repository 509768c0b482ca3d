package single // want package:"reachesSinks" package:`checks\(Reconciler\.Reconcile\[0\]\)`

// A kustomize-style helper without a context, called from reconcile code
// several times: the fix passes the context to it and checks it there,
// once, instead of wrapping each call.

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct {
	client.Client
	record.EventRecorder
}

func (r *Reconciler) Reconcile(ctx context.Context, obj *corev1.ConfigMap) error {
	if err := r.Update(ctx, obj); err != nil {
		r.event(obj, corev1.EventTypeWarning, "UpdateFailed", err.Error()) // want `r.event\(obj, corev1.EventTypeWarning, "UpdateFailed", err.Error\(\)\) emits an event`
		return err
	}
	if err := r.Status().Update(ctx, obj); err != nil {
		r.event(obj, corev1.EventTypeWarning, "StatusFailed", err.Error()) // want `r.event\(obj, corev1.EventTypeWarning, "StatusFailed", err.Error\(\)\) emits an event`
		return err
	}
	if !errors.Is(ctx.Err(), context.Canceled) {
		r.event(obj, corev1.EventTypeNormal, "Ready", "ready") // guarded: it passes the context too
	}
	return nil
}

// event logs and emits an event.
func (r *Reconciler) event(obj *corev1.ConfigMap, eventType, reason, msg string) { // want event:`emitter`
	obj.Annotations["last-event"] = reason // other work: it stays
	r.Eventf(obj, eventType, reason, "%s", msg)
}
