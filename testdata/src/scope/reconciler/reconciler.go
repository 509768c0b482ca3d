package reconciler // want package:"reachesSinks" package:`checks\(R\.Reconcile\[fix 0\]\)`

// Package reconciler calls the implementation of package publish, outside
// reconcile code, both through its interface and directly: the two calls
// are judged alike.

import (
	"context"

	eventv1 "github.com/fluxcd/pkg/apis/event/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"scope/eventlogf"
	"scope/publish"
)

type R struct {
	pub  publish.Publisher
	kube *publish.KubePublisher
	rec  record.EventRecorder
	obj  *corev1.ConfigMap
}

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	r.pub.Publish(ctx, r.obj, "ThroughInterface") // want `r\.pub\.Publish\(ctx, r\.obj, "ThroughInterface"\) emits an event \(KubePublisher\.Publish calls p\.rec\.Event at publish\.go:25\)`
	r.kube.Publish(ctx, r.obj, "Direct")          // want `r\.kube\.Publish\(ctx, r\.obj, "Direct"\) emits an event \(p\.rec\.Event at publish\.go:25\)`
	// Trace events through a helper package's emitter: the argument decides.
	eventlogf.EventLogf(ctx, r.rec, r.obj, eventv1.EventTypeTrace, "ArtifactUpToDate", "artifact up-to-date")
	eventlogf.EventLogf(ctx, r.rec, r.obj, corev1.EventTypeWarning, "BuildFailed", "build failed: %s", "x") // want `eventlogf.EventLogf\(ctx, r.rec, r.obj, corev1.EventTypeWarning, "BuildFailed", "build failed: %s", "x"\) emits an event \(r.Eventf at eventlogf.go:17\)`
	return reconcile.Result{}, nil
}
