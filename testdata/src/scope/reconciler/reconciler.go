package reconciler // want package:"reachesSinks"

// Package reconciler calls the implementation of package publish, outside
// reconcile code, both through its interface and directly: the two calls
// are judged alike.

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"scope/publish"
)

type R struct {
	pub  publish.Publisher
	kube *publish.KubePublisher
	obj  *corev1.ConfigMap
}

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	r.pub.Publish(ctx, r.obj, "ThroughInterface") // want `r\.pub\.Publish\(ctx, r\.obj, "ThroughInterface"\) emits an event \(KubePublisher\.Publish calls p\.rec\.Event at publish\.go:25\)`
	r.kube.Publish(ctx, r.obj, "Direct")          // want `r\.kube\.Publish\(ctx, r\.obj, "Direct"\) emits an event \(p\.rec\.Event at publish\.go:25\)`
	return reconcile.Result{}, nil
}
