package returned // want package:"reachesSinks" package:`checks\(Reconciler\.Reconcile\[0\]\)`

// A helm-style failure helper that returns an error. Handed the context,
// its calls become context-consuming; a check that holds at a call whose
// value is returned guards nothing after it, so the helper is still fixed
// at its depth.

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
		return r.failure(obj, err) // want `r.failure\(obj, err\) emits an event`
	}
	if errors.Is(ctx.Err(), context.Canceled) {
		return ctx.Err()
	}
	if obj.Data == nil {
		return r.failure(obj, errors.New("no data")) // guarded, and its value is returned
	}
	return nil
}

// failure records the failure and emits it.
func (r *Reconciler) failure(obj *corev1.ConfigMap, err error) error { // want failure:`emitter`
	obj.Annotations["failure"] = err.Error()
	r.Eventf(obj, corev1.EventTypeWarning, "Failed", "%s", err)
	return err
}
