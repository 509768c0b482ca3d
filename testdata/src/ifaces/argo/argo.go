package argo // want package:"reachesSinks"

// Run with the sinks setting that names argo-rollouts' EventRecorder
// methods and remote.Sender.Send: calls through them are sinks.

import (
	"context"

	"ifaces/remote"

	"github.com/argoproj/argo-rollouts/utils/record"
	corev1 "k8s.io/api/core/v1"
)

type Controller struct {
	recorder record.EventRecorder
	sender   remote.Sender
}

func (c *Controller) syncRollout(ctx context.Context, ro *corev1.ConfigMap) {
	c.recorder.Eventf(ro, record.EventOptions{EventReason: "RolloutUpdated"}, "updated") // want `event emitted by c.recorder.Eventf is not guarded`
	c.recorder.Warnf(ro, record.EventOptions{EventReason: "RolloutAborted"}, "aborted")  // want `event emitted by c.recorder.Warnf is not guarded`
	c.sender.Send(ro, "x")                                                               // want `event emitted by c.sender.Send is not guarded`
	_ = c.recorder.K8sRecorder()
}
