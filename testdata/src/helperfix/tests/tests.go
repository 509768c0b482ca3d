package tests // want package:"reachesSinks" package:`checks\(Reconciler\.Reconcile\[fix 0\]\)`

// A helper that the package's tests call directly, as helm-controller's
// call r.failure: the fix passes them context.Background(), or the
// context the test has, so that they keep their behaviour.

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
)

type Reconciler struct {
	recorder record.EventRecorder
}

func (r *Reconciler) Reconcile(ctx context.Context, obj *corev1.ConfigMap, err error) {
	if err != nil {
		r.failure(obj, err) // want `r.failure\(obj, err\) emits an event`
	}
}

func (r *Reconciler) failure(obj *corev1.ConfigMap, err error) { // want failure:`emitter`
	r.recorder.Event(obj, corev1.EventTypeWarning, "Failed", err.Error())
}
