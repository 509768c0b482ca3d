package wrap // want package:"reachesSinks"

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
)

type R struct {
	rec record.EventRecorder
	obj *corev1.ConfigMap
	log func(string)
}

func (r *R) Reconcile(ctx context.Context, err error) {
	r.log("reconcile failed")
	r.rec.Eventf(r.obj, corev1.EventTypeWarning, "Failed", "%s", err) // want `not guarded`
	r.log("logging stays")
	if err != nil {
		r.rec.Eventf(r.obj, corev1.EventTypeWarning, "Failed", // want `not guarded`
			`raw
string %s`,
			err)
	}
	switch {
	case err == nil:
		r.rec.Event(r.obj, corev1.EventTypeNormal, "Ready", "ok") // want `not guarded`
	}
	_ = errors.New
}
