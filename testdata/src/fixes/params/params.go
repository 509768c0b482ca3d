package params // want package:"reachesSinks"

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
)

type R struct {
	rec record.EventRecorder
	obj *corev1.ConfigMap
}

var ctx = "a package-level ctx the body uses"

func (r *R) blank(_ context.Context) {
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Blank", "x")  // want `event "Blank" emitted by r\.rec\.Event is not guarded`
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Blank2", "y") // want `event "Blank2" emitted by r\.rec\.Event is not guarded`
}

func (r *R) unnamed(context.Context, string) {
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Unnamed", "x") // want `event "Unnamed" emitted by r\.rec\.Event is not guarded`
}

func (r *R) taken(_ context.Context) {
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Taken", ctx) // want `event "Taken" emitted by r\.rec\.Event is not guarded`
}
