package directives // want package:"reachesSinks" package:`checks\(R\.Reconcile\[fix 0\]\)`

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
)

type R struct {
	rec record.EventRecorder
	obj *corev1.ConfigMap
}

func (r *R) Reconcile(ctx context.Context) {
	r.rec.Event(r.obj, corev1.EventTypeNormal, "Started", "x") //ctxnotify:ignore sent once at start-up, before any API call
	//ctxnotify:ignore the line above counts too
	r.rec.Event(r.obj, corev1.EventTypeNormal, "Started", "x")
	//ctxnotify:ignore // want `//ctxnotify:ignore needs a reason`
	r.rec.Event(r.obj, corev1.EventTypeNormal, "Reconcile", "x")  // want `event "Reconcile" emitted by r\.rec\.Event is not guarded`
	r.rec.Event(r.obj, corev1.EventTypeNormal, "Reconcile2", "x") // want `event "Reconcile2" emitted by r\.rec\.Event is not guarded`
	//ctxnotify:ignored is another word
	r.rec.Event(r.obj, corev1.EventTypeNormal, "Reconcile3", "x") // want `event "Reconcile3" emitted by r\.rec\.Event is not guarded`
}

// A directive at the end of a line covers that line only.
func (r *R) trailingOnly(ctx context.Context) {
	r.rec.Event(r.obj, corev1.EventTypeNormal, "Started", "x")       //ctxnotify:ignore sent once at start-up
	r.rec.Event(r.obj, corev1.EventTypeWarning, "TrailingOnly", "x") // want `event "TrailingOnly" emitted by r\.rec\.Event is not guarded`
}

// quiet's event is ignored, so it is not an emitter either.
func (r *R) quiet() {
	//ctxnotify:ignore start-up only
	r.rec.Event(r.obj, corev1.EventTypeNormal, "Started", "x")
}

func (r *R) callsQuiet(ctx context.Context) {
	r.quiet()
}
