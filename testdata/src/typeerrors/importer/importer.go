package importer // want package:"reachesSinks" package:`checks\(Reconcile\[0\]\)`

// Package importer imports a package that does not type-check: the
// facts of that package's emitters reach it.

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"

	"typeerrors/broken"
)

func Reconcile(ctx context.Context, rec record.EventRecorder, obj *corev1.ConfigMap) {
	broken.Notify(rec, obj, nil) // want `broken.Notify\(rec, obj, nil\) emits an event \(rec.Eventf at broken.go:\d+\) without a cancellation check`
	broken.Typo(ctx, rec, obj)   // want `broken.Typo\(ctx, rec, obj\) emits an event`
	if ctx.Err() != nil {
		return
	}
	broken.Notify(rec, obj, nil)
}
