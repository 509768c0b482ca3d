package wrap // want package:"reachesSinks" package:`checks\(R\.Reconcile\[fix 0\]\)`

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
	r.rec.Eventf(r.obj, corev1.EventTypeWarning, "Reconcile", "%s", err) // want `event "Reconcile" emitted by r\.rec\.Eventf is not guarded`
	r.log("logging stays")
	if err != nil {
		r.rec.Eventf(r.obj, corev1.EventTypeWarning, "Reconcile2", // want `event "Reconcile2" emitted by r\.rec\.Eventf is not guarded`
			`raw
string %s`,
			err)
	}
	switch {
	case err == nil:
		r.rec.Event(r.obj, corev1.EventTypeNormal, "Reconcile3", "ok") // want `event "Reconcile3" emitted by r\.rec\.Event is not guarded`
	}
	_ = errors.New
}
