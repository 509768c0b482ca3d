package renamed // want package:"reachesSinks" package:`checks\(R\.Reconcile\[fix 0\]\)`

import (
	stdctx "context"
	errs "errors"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
)

type R struct {
	rec record.EventRecorder
	obj *corev1.ConfigMap
}

// errors is a package-level name here, so the import needs another name
// if it were missing; it is present as errs.
var errors = errs.New("x")

func (r *R) Reconcile(ctx stdctx.Context) {
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Reconcile", "renamed imports") // want `event "Reconcile" emitted by r\.rec\.Event is not guarded`
}
