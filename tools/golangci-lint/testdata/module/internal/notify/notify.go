// Package notify is a shared event helper: it has no context, so it is an
// emitter and its callers are judged.
package notify

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/record"
)

// Warn records a warning event.
func Warn(rec record.EventRecorder, obj runtime.Object, reason, msg string) {
	rec.Eventf(obj, "Warning", reason, "%s", msg)
}
