// Command controller runs Karpenter's core controllers with the
// provider's.
package main

import (
	"context"
	"fmt"
	"os"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/karpenter/pkg/events"

	"example.com/provider/pkg/apis/v1alpha1"
	"example.com/provider/pkg/controllers/interruption"
	"example.com/provider/pkg/controllers/nodeclass/status"
	"example.com/provider/pkg/controllers/nodeclass/termination"
)

func main() {
	if err := run(ctrl.SetupSignalHandler()); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(ctx context.Context) error {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		return err
	}
	kube := mgr.GetEventRecorderFor("provider") //nolint:staticcheck // Karpenter's recorder takes the core/v1 API
	recorder := events.NewRecorder(kube)
	if err := status.NewController(mgr.GetClient(), recorder, cloud{}, cloud{}).Register(ctx, mgr); err != nil {
		return err
	}
	if err := termination.NewController(mgr.GetClient(), kube).Register(ctx, mgr); err != nil {
		return err
	}
	go runInterruption(ctx, interruption.NewController(mgr.GetClient(), recorder, cloud{}))
	return mgr.Start(ctx)
}

// runInterruption runs the singleton interruption controller until ctx
// is done.
func runInterruption(ctx context.Context, c *interruption.Controller) {
	for ctx.Err() == nil {
		res, err := c.Reconcile(ctx)
		if err != nil {
			ctrl.Log.Error(err, "interruption")
		}
		select {
		case <-ctx.Done():
		case <-time.After(res.RequeueAfter):
		}
	}
}

// cloud stands in for the cloud's API.
type cloud struct{}

func (cloud) Resolve(context.Context, *v1alpha1.NodeClass) ([]v1alpha1.Image, error) {
	return []v1alpha1.Image{{ID: "img-1", Architecture: "amd64"}}, nil
}

func (cloud) List(context.Context, *v1alpha1.NodeClass) ([]v1alpha1.Subnet, error) {
	return []v1alpha1.Subnet{{ID: "subnet-1", Zone: "zone-a", Free: 200}}, nil
}

func (cloud) Receive(context.Context) ([]interruption.Message, error) { return nil, nil }

func (cloud) Delete(context.Context, interruption.Message) error { return nil }
