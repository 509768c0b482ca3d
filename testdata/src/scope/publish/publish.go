package publish // want package:"reachesSinks"

// Package publish declares a recorder interface and its implementation,
// with a context of its own, and no reconcile root: under scope reconcile
// none of its code is reconcile code, so the implementation is an emitter,
// and so is the interface's method.

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/record"
)

type Publisher interface {
	Publish(ctx context.Context, obj runtime.Object, reason string) // want Publish:`emitter\(KubePublisher.Publish -> p.rec.Event@publish.go:25; type="Warning"\)`
}

type KubePublisher struct {
	rec record.EventRecorder
}

func (p *KubePublisher) Publish(ctx context.Context, obj runtime.Object, reason string) { // want Publish:`emitter\(p.rec.Event@publish.go:25; type="Warning"\)`
	p.rec.Event(obj, corev1.EventTypeWarning, reason, "failed")
}
