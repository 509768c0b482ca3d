package eventlogf // want package:"reachesSinks"

// A helper package without reconcile roots of its own, as
// source-controller's internal/reconcile: under scope reconcile its
// EventLogf, which has a context, is outside reconcile code, an emitter
// whose type comes from its caller.

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/record"
)

// EventLogf logs and records an event of the caller's type.
func EventLogf(ctx context.Context, r record.EventRecorder, obj runtime.Object, eventType, reason, messageFmt string, args ...interface{}) { // want EventLogf:`emitter\(r.Eventf@eventlogf.go:17; type=param 3\)`
	r.Eventf(obj, eventType, reason, messageFmt, args...)
}
