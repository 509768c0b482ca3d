package ifaces // want package:"reachesSinks" package:`checks\(R\.Reconcile\[fix 0\]\)`

// Calls through emitter interface methods get the same fix as any event:
// the one statement is wrapped.

import (
	"context"

	"github.com/crossplane/crossplane-runtime/pkg/event"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/karpenter/pkg/events"
)

type R struct {
	client   client.Client
	record   event.Recorder
	recorder events.Recorder
	obj      *corev1.ConfigMap
}

func (r *R) Reconcile(ctx context.Context) error {
	if err := r.client.Update(ctx, r.obj); err != nil {
		r.record.Event(r.obj, event.Warning("CannotUpdate", err))                                                                      // want `emits an event \(APIRecorder.Event calls`
		r.record.WithAnnotations("k", "v").Event(r.obj, event.Warning("CannotUpdate", err))                                            // want `emits an event \(APIRecorder.Event calls`
		r.recorder.Publish(events.Event{InvolvedObject: r.obj, Type: corev1.EventTypeWarning, Reason: "Failed", Message: err.Error()}) // want `emits an event \(recorder.Publish reaches`
		return err
	}
	return nil
}

func (r *R) unnamed(context.Context) {
	r.record.Event(r.obj, event.Normal("Updated", "x")) // want `emits an event`
}
