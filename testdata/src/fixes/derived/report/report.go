package report // want package:"reachesSinks" package:`checks\(Failed\[0\] Ready\[fix 0\]\)`

// Helpers of a shared package that take the reconcile context: the
// package fact says which of them check it before their events.

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/record"
)

// Failed checks its context before the event.
func Failed(ctx context.Context, rec record.EventRecorder, obj runtime.Object, err error) {
	if errors.Is(ctx.Err(), context.Canceled) {
		return
	}
	rec.Event(obj, corev1.EventTypeWarning, "Failed", err.Error())
}

// Ready does not yet: the fix adds the check.
func Ready(ctx context.Context, rec record.EventRecorder, obj runtime.Object) {
	rec.Event(obj, corev1.EventTypeNormal, "Ready", "ready") // want `event "Ready" emitted by rec\.Event is not guarded`
}
