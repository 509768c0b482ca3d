// Package interruption drains the cloud's interruption queue (spot
// interruption notices, instance stops) and deletes the NodeClaims of the
// instances concerned, so that Karpenter replaces them before the cloud
// takes them away.
package interruption

import (
	"context"
	"fmt"
	"time"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	karpv1 "sigs.k8s.io/karpenter/pkg/apis/v1"
	"sigs.k8s.io/karpenter/pkg/events"

	providerevents "example.com/provider/pkg/events"
)

// Kinds of interruption messages.
const (
	SpotInterruption = "SpotInterruption"
	StateChange      = "StateChange"
)

// Message is one notice of the interruption queue.
type Message struct {
	ID         string
	Kind       string
	InstanceID string
	State      string // for StateChange: "stopping", "terminated"...
}

// Queue is the cloud's interruption queue.
type Queue interface {
	Receive(ctx context.Context) ([]Message, error)
	Delete(ctx context.Context, msg Message) error
}

// Controller handles interruption messages.
type Controller struct {
	kubeClient client.Client
	recorder   events.Recorder
	queue      Queue
}

// NewController returns the interruption controller.
func NewController(kubeClient client.Client, recorder events.Recorder, queue Queue) *Controller {
	return &Controller{kubeClient: kubeClient, recorder: recorder, queue: queue}
}

// Reconcile handles the messages waiting in the queue. It runs as a
// singleton: the manager calls it again after the result's delay.
func (c *Controller) Reconcile(ctx context.Context) (reconcile.Result, error) {
	msgs, err := c.queue.Receive(ctx)
	if err != nil {
		return reconcile.Result{}, fmt.Errorf("receiving messages, %w", err)
	}
	byInstance, err := c.nodeClaimsByInstance(ctx)
	if err != nil {
		return reconcile.Result{}, err
	}
	for _, msg := range msgs {
		nodeClaim, ok := byInstance[msg.InstanceID]
		if !ok {
			// Not one of ours: drop the message.
			if err := c.queue.Delete(ctx, msg); err != nil {
				log.FromContext(ctx).Error(err, "deleting message", "id", msg.ID)
			}
			continue
		}
		if err := c.handle(ctx, msg, nodeClaim); err != nil {
			log.FromContext(ctx).Error(err, "handling message", "id", msg.ID)
		}
	}
	return reconcile.Result{RequeueAfter: time.Second}, nil
}

func (c *Controller) handle(ctx context.Context, msg Message, nodeClaim *karpv1.NodeClaim) error {
	c.notify(msg, nodeClaim) // finding: notify publishes through Karpenter's recorder
	if msg.Kind == StateChange && msg.State == "stopping" {
		// The instance may come back: keep the NodeClaim.
		return c.queue.Delete(ctx, msg)
	}
	if err := c.kubeClient.Delete(ctx, nodeClaim); client.IgnoreNotFound(err) != nil {
		return fmt.Errorf("deleting nodeclaim, %w", err)
	}
	select {
	case <-ctx.Done():
		return ctx.Err()
	default:
		c.recorder.Publish(providerevents.TerminatingOnInterruption(nodeClaim))
	}
	return c.queue.Delete(ctx, msg)
}

// notify publishes the event that explains a message.
func (c *Controller) notify(msg Message, nodeClaim *karpv1.NodeClaim) {
	switch msg.Kind {
	case SpotInterruption:
		c.recorder.Publish(providerevents.SpotInterrupted(nodeClaim))
	case StateChange:
		c.recorder.Publish(providerevents.InstanceStopping(nodeClaim, msg.State))
	}
}

func (c *Controller) nodeClaimsByInstance(ctx context.Context) (map[string]*karpv1.NodeClaim, error) {
	nodeClaims := &karpv1.NodeClaimList{}
	if err := c.kubeClient.List(ctx, nodeClaims); err != nil {
		return nil, fmt.Errorf("listing nodeclaims, %w", err)
	}
	byInstance := make(map[string]*karpv1.NodeClaim, len(nodeClaims.Items))
	for i := range nodeClaims.Items {
		nc := &nodeClaims.Items[i]
		if nc.Status.ProviderID != "" {
			byInstance[instanceID(nc.Status.ProviderID)] = nc
		}
	}
	return byInstance, nil
}

// instanceID is the last element of a provider ID such as
// "example:///zone-a/i-0123".
func instanceID(providerID string) string {
	for i := len(providerID) - 1; i >= 0; i-- {
		if providerID[i] == '/' {
			return providerID[i+1:]
		}
	}
	return providerID
}
