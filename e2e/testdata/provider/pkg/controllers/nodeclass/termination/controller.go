// Package termination removes the finalizer of a deleted NodeClass once
// no NodeClaim uses it.
package termination

import (
	"context"
	"errors"
	"fmt"
	"time"

	"k8s.io/client-go/tools/record"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	karpv1 "sigs.k8s.io/karpenter/pkg/apis/v1"

	"example.com/provider-sdk/notify"
	"example.com/provider/pkg/apis/v1alpha1"
)

// nodeClassLabel names the NodeClass of a NodeClaim.
const nodeClassLabel = "compute.example.com/nodeclass"

// Controller finalizes NodeClasses. It records events with the manager's
// recorder, through the provider's notify helpers.
type Controller struct {
	kubeClient client.Client
	recorder   record.EventRecorder
}

// NewController returns the termination controller.
func NewController(kubeClient client.Client, recorder record.EventRecorder) *Controller {
	return &Controller{kubeClient: kubeClient, recorder: recorder}
}

// Reconcile removes the finalizer of a deleted nodeClass when it is no
// longer used.
func (c *Controller) Reconcile(ctx context.Context, nodeClass *v1alpha1.NodeClass) (reconcile.Result, error) {
	if nodeClass.DeletionTimestamp.IsZero() || !controllerutil.ContainsFinalizer(nodeClass, v1alpha1.TerminationFinalizer) {
		return reconcile.Result{}, nil
	}
	nodeClaims := &karpv1.NodeClaimList{}
	if err := c.kubeClient.List(ctx, nodeClaims, client.MatchingLabels{nodeClassLabel: nodeClass.Name}); err != nil {
		return reconcile.Result{}, fmt.Errorf("listing nodeclaims, %w", err)
	}
	if len(nodeClaims.Items) > 0 {
		var names []string
		for _, nc := range nodeClaims.Items {
			names = append(names, nc.Name)
		}
		notify.Waiting(c.recorder, nodeClass, "WaitingOnNodeClaimTermination", names) // finding: cross-package emitter of the provider-sdk module, a dependency
		return reconcile.Result{RequeueAfter: time.Minute}, nil
	}

	stored := nodeClass.DeepCopy()
	controllerutil.RemoveFinalizer(nodeClass, v1alpha1.TerminationFinalizer)
	if err := c.kubeClient.Patch(ctx, nodeClass, client.MergeFromWithOptions(stored, client.MergeFromWithOptimisticLock{})); err != nil {
		if errors.Is(ctx.Err(), context.Canceled) {
			return reconcile.Result{}, err
		}
		notify.Warning(c.recorder, nodeClass, "FinalizerRemovalFailed", err)
		return reconcile.Result{}, client.IgnoreNotFound(fmt.Errorf("removing finalizer, %w", err))
	}
	return reconcile.Result{}, nil
}

// Register registers the controller with the manager.
func (c *Controller) Register(_ context.Context, m manager.Manager) error {
	return builder.ControllerManagedBy(m).
		Named("nodeclass.termination").
		For(&v1alpha1.NodeClass{}).
		Complete(reconcile.AsReconciler(m.GetClient(), c))
}
