package notify // want package:"reachesSinks"

// A shared helper package on the new API: its functions have no context,
// so they are emitters, and their callers are judged.

import (
	fluxevents "github.com/fluxcd/pkg/runtime/events"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Revision records a revision-annotated event, as Flux's controllers do.
func Revision(rec fluxevents.Recorder, obj runtime.Object, revision, reason, msg string) { // want Revision:"emitter"
	rec.AnnotatedEventf(obj, nil, map[string]string{"revision": revision}, corev1.EventTypeWarning, reason, "Reconcile", "%s", msg)
}
