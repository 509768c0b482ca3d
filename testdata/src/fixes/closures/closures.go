package closures // want package:"reachesSinks" package:`checks\(R\.Reconcile\[fix 0\]\)`

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

func (r *R) Reconcile(ctx context.Context) (err error) {
	defer func() {
		if err != nil {
			r.rec.Event(r.obj, corev1.EventTypeWarning, "Reconcile", err.Error()) // want `event "Reconcile" emitted by r\.rec\.Event is not guarded`
		}
	}()
	defer r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "no fix for defer") // want `deferred event`
	go r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "no fix for go")       // want `in a goroutine`
	go func() {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "no fix in a goroutine") // want `in a goroutine`
	}()
	_ = r.emit(ctx) && r.emit(ctx)
	return errors.New("x")
}

func (r *R) emit(ctx context.Context) bool {
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Emit", "x") // want `event "Emit" emitted by r\.rec\.Event is not guarded`
	return true
}
