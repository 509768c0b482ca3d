// Package status resolves what a NodeClass selects (images, subnets) into
// its status.
package status

import (
	"context"
	"errors"
	"fmt"
	"time"

	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/karpenter/pkg/events"

	"example.com/provider/pkg/apis/v1alpha1"
	providerevents "example.com/provider/pkg/events"
)

// ImageResolver resolves the images of a NodeClass from the cloud.
type ImageResolver interface {
	Resolve(ctx context.Context, nodeClass *v1alpha1.NodeClass) ([]v1alpha1.Image, error)
}

// SubnetLister lists the subnets a NodeClass selects.
type SubnetLister interface {
	List(ctx context.Context, nodeClass *v1alpha1.NodeClass) ([]v1alpha1.Subnet, error)
}

// minFree is the number of free addresses below which a subnet is
// reported as exhausted.
const minFree = 16

// Controller keeps the status of every NodeClass current.
type Controller struct {
	kubeClient client.Client
	recorder   events.Recorder
	images     ImageResolver
	subnets    SubnetLister
}

// NewController returns the status controller.
func NewController(kubeClient client.Client, recorder events.Recorder, images ImageResolver, subnets SubnetLister) *Controller {
	return &Controller{kubeClient: kubeClient, recorder: recorder, images: images, subnets: subnets}
}

// Reconcile resolves the selectors of nodeClass and writes its status.
func (c *Controller) Reconcile(ctx context.Context, nodeClass *v1alpha1.NodeClass) (reconcile.Result, error) {
	if !nodeClass.DeletionTimestamp.IsZero() {
		return reconcile.Result{}, nil
	}
	stored := nodeClass.DeepCopy()

	images, err := c.images.Resolve(ctx, nodeClass)
	if err != nil {
		c.recorder.Publish(providerevents.ImagesNotResolved(nodeClass, err)) // finding: cross-package emitter method: Karpenter's events.Recorder.Publish
		return reconcile.Result{}, fmt.Errorf("resolving images, %w", err)
	}
	nodeClass.Status.Images = images

	subnets, err := c.subnets.List(ctx, nodeClass)
	if err != nil {
		if errors.Is(ctx.Err(), context.Canceled) {
			return reconcile.Result{}, err // shutting down: the listing failed for that
		}
		c.recorder.Publish(providerevents.SubnetsNotResolved(nodeClass, err))
		return reconcile.Result{}, fmt.Errorf("listing subnets, %w", err)
	}
	nodeClass.Status.Subnets = subnets
	c.warnExhausted(nodeClass) // finding: warnExhausted publishes through Karpenter's recorder

	if err := c.kubeClient.Status().Patch(ctx, nodeClass, client.MergeFrom(stored)); err != nil {
		if client.IgnoreNotFound(err) == nil {
			return reconcile.Result{}, nil
		}
		c.recorder.Publish(providerevents.StatusUpdateFailed(nodeClass, err)) // finding: the patch fails with context canceled at shutdown
		return reconcile.Result{}, fmt.Errorf("updating status, %w", err)
	}
	return reconcile.Result{RequeueAfter: 5 * time.Minute}, nil
}

// warnExhausted publishes an event when subnets run out of addresses.
func (c *Controller) warnExhausted(nodeClass *v1alpha1.NodeClass) {
	var zones []string
	for _, s := range nodeClass.Status.Subnets {
		if s.Free < minFree {
			zones = append(zones, s.Zone)
		}
	}
	if len(zones) > 0 {
		c.recorder.Publish(providerevents.SubnetsExhausted(nodeClass, zones))
	}
}

// Register registers the controller with the manager.
func (c *Controller) Register(_ context.Context, m manager.Manager) error {
	return builder.ControllerManagedBy(m).
		Named("nodeclass.status").
		For(&v1alpha1.NodeClass{}).
		Complete(reconcile.AsReconciler(m.GetClient(), c))
}
