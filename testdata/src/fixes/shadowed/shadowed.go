package shadowed // want package:"reachesSinks" package:`checks\(R\.Reconcile\[fix 0\]\)`

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

func (r *R) Reconcile(ctx context.Context) error {
	errors := []error{errorsNew()}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Reconcile", "a local hides errors") // want `event "Reconcile" emitted by r\.rec\.Event is not guarded`
	_ = errors
	return nil
}

func (r *R) contextHidden(ctx context.Context) {
	context := "hidden"
	r.rec.Event(r.obj, corev1.EventTypeWarning, "ContextHidden", context) // want `event "ContextHidden" emitted by r\.rec\.Event is not guarded`
}

func errorsNew() error { return errors.New("x") }
