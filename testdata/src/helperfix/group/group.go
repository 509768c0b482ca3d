package group // want package:"reachesSinks" package:`checks\(Reconciler\.Reconcile\[fix 0\]\)`

// A helm-style group: failure sets a condition, then calls event; success
// calls event too. One fix gives all three a context and checks it only
// right before the event, so the condition is still set when the context
// is cancelled.

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct {
	client.Client
	recorder record.EventRecorder
}

func (r *Reconciler) Reconcile(ctx context.Context, obj *corev1.ConfigMap) error {
	if err := r.Update(ctx, obj); err != nil {
		return r.failure(obj, "UpdateFailed", err) // want `r.failure\(obj, "UpdateFailed", err\) emits an event`
	}
	if err := r.Status().Update(ctx, obj); err != nil {
		return r.failure(obj, "StatusFailed", err) // want `r.failure\(obj, "StatusFailed", err\) emits an event`
	}
	r.success(obj, "Reconciled") // want `r.success\(obj, "Reconciled"\) emits an event`
	return nil
}

// failure records the failure in a condition, then emits it.
func (r *Reconciler) failure(obj *corev1.ConfigMap, reason string, err error) error { // want failure:`emitter`
	obj.Labels["ready"] = "false"
	r.event(obj, corev1.EventTypeWarning, reason, err.Error())
	return fmt.Errorf("%s: %w", reason, err)
}

func (r *Reconciler) success(obj *corev1.ConfigMap, reason string) { // want success:`emitter`
	obj.Labels["ready"] = "true"
	r.event(obj, corev1.EventTypeNormal, reason, "succeeded")
}

func (r *Reconciler) event(obj *corev1.ConfigMap, eventType, reason, msg string) { // want event:`emitter`
	r.recorder.Event(obj, eventType, reason, msg)
}
