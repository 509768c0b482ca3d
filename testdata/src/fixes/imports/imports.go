package imports // want package:"reachesSinks" package:`checks\(R\.Reconcile\[fix 0\]\)`

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
)

type R struct {
	rec record.EventRecorder
	obj *corev1.ConfigMap
}

func (r *R) Reconcile(ctx context.Context) {
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Reconcile", fmt.Sprint("errors is added")) // want `event "Reconcile" emitted by r\.rec\.Event is not guarded`
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Reconcile2", "once")                       // want `event "Reconcile2" emitted by r\.rec\.Event is not guarded`
}
