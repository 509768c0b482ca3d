package karpenter // want package:"reachesSinks" package:`checks\(Controller\.Reconcile\[0\]\)`

// A provider's controller in karpenter's style: every event goes through
// events.Recorder.Publish, whose implementation reaches the recorder
// through an unexported helper.

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/karpenter/pkg/events"
)

type Controller struct {
	kubeClient client.Client
	recorder   events.Recorder
}

func (c *Controller) Reconcile(ctx context.Context, node *corev1.ConfigMap) (reconcile.Result, error) {
	if err := c.kubeClient.Update(ctx, node); err != nil {
		c.recorder.Publish(failedDraining(node, err)) // want `c.recorder.Publish\(failedDraining\(node, err\)\) emits an event \(recorder.Publish reaches r.rec.Event at recorder.go:\d+\) without a cancellation check`
		return reconcile.Result{}, err
	}
	if !errors.Is(ctx.Err(), context.Canceled) {
		c.recorder.Publish(events.Event{InvolvedObject: node, Type: corev1.EventTypeNormal, Reason: events.Evicted, Message: "guarded"})
	}
	return reconcile.Result{}, nil
}

func failedDraining(node *corev1.ConfigMap, err error) events.Event {
	return events.Event{
		InvolvedObject: node,
		Type:           corev1.EventTypeWarning,
		Reason:         events.FailedDraining,
		Message:        err.Error(),
		DedupeValues:   []string{node.GetName()},
	}
}
