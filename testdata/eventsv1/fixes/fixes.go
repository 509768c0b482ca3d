package fixes // want package:"reachesSinks" package:`checks\(R\.Reconcile\[fix 0\] R\.Unnamed\[fix 0\]\)`

// The fix on the events.k8s.io/v1 calls: the same wrap as for core/v1.

import (
	"context"

	fluxevents "github.com/fluxcd/pkg/runtime/events"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/recorder"
)

type R struct {
	flux fluxevents.Recorder
	kube recorder.EventRecorder
	obj  *corev1.ConfigMap
	log  func(string)
}

func (r *R) Reconcile(ctx context.Context, err error) {
	r.log("reconcile failed")
	r.flux.AnnotatedEventf(r.obj, nil, map[string]string{"revision": "v1"}, corev1.EventTypeWarning, "Failed", "Reconcile", "%s", err) // want `event "Failed" emitted by r.flux.AnnotatedEventf`
	if err != nil {
		r.kube.Eventf(r.obj, r.obj, corev1.EventTypeWarning, "Failed", "Reconcile", // want `event "Failed" emitted by r.kube.Eventf`
			"%s", err) // the reason
	}
}

// Unnamed: the fix names the context parameter.
func (r *R) Unnamed(context.Context) {
	r.kube.AnnotatedEventf(r.obj, nil, nil, corev1.EventTypeNormal, "Ready", "Reconcile", "ok") // want `event "Ready" emitted by r.kube.AnnotatedEventf`
}
