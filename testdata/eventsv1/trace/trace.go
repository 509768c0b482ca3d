package trace // want package:"reachesSinks" package:`checks\(Reconciler\.Reconcile\[fix 0\]\)`

// Trace events on the events.k8s.io/v1 API: the type is the third argument
// of Eventf and the fourth of AnnotatedEventf, as Flux's runtime v0.117
// recorder and controller-runtime v0.25's recorder take them.

import (
	"context"

	eventv1 "github.com/fluxcd/pkg/apis/event/v1"
	fluxevents "github.com/fluxcd/pkg/runtime/events"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/events"
	"sigs.k8s.io/controller-runtime/pkg/recorder"
)

type Reconciler struct {
	fluxevents.Recorder
	kube events.EventRecorder
	mgr  recorder.EventRecorder
	fake *fluxevents.FakeRecorder
}

func (r *Reconciler) Reconcile(ctx context.Context, obj *corev1.ConfigMap) {
	r.Eventf(obj, nil, eventv1.EventTypeTrace, "ArtifactUpToDate", "Reconcile", "artifact up-to-date") // K8s native event only
	r.AnnotatedEventf(obj, nil, map[string]string{"revision": "v1"}, eventv1.EventTypeTrace, "GarbageCollected", "Reconcile", "garbage collected")
	r.kube.Eventf(obj, nil, "Trace", "NoArtifact", "Reconcile", "no artifact available")
	r.mgr.AnnotatedEventf(obj, nil, nil, "Trace", "Progressing", "Reconcile", "building")
	r.fake.Eventf(obj, nil, eventv1.EventTypeTrace, "Faked", "Reconcile", "fake recorder")

	r.Eventf(obj, nil, corev1.EventTypeNormal, "Trace", "Reconcile", "a reason named Trace")     // want `event "Trace" emitted by r.Eventf is not guarded`
	r.kube.Eventf(obj, nil, corev1.EventTypeWarning, "Failed", "Trace", "an action named Trace") // want `event "Failed" emitted by r.kube.Eventf is not guarded`

	r.notify(obj, eventv1.EventTypeTrace, "Reconciling")
	r.notify(obj, corev1.EventTypeWarning, "ReconcileFailed") // want `r.notify\(obj, corev1.EventTypeWarning, "ReconcileFailed"\) emits an event \(r.AnnotatedEventf at trace.go:\d+\)`
}

// notify takes its type from its caller, with the events.k8s.io/v1
// AnnotatedEventf.
func (r *Reconciler) notify(obj runtime.Object, eventType, reason string) { // want notify:`emitter\(r.AnnotatedEventf@trace.go:\d+; type=param 1\)`
	r.AnnotatedEventf(obj, nil, map[string]string{"revision": "v1"}, eventType, reason, "Reconcile", "%s", reason)
}
