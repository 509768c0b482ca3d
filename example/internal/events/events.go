// Package events holds the event helpers shared by all controllers. They
// are on the events.k8s.io/v1 API (k8s.io/client-go/tools/events), as
// Flux's recorder is since fluxcd/pkg/runtime v0.113: every event names an
// action and, when there is one, a related object.
package events

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	kevents "k8s.io/client-go/tools/events"
	"sigs.k8s.io/controller-runtime/pkg/recorder"
)

// Severities accepted by Record, mapped onto Kubernetes event types.
const (
	SeverityInfo  = "info"
	SeverityError = "error"
)

// Record emits an event of the given severity about obj; related is the
// object the action acted on, or nil.
//
// It takes no context: callers must not call it once their reconcile
// context has been cancelled.
func Record(rec kevents.AnnotatedEventRecorder, obj, related runtime.Object, severity, reason, action, msg string) {
	eventType := corev1.EventTypeNormal
	if severity == SeverityError {
		eventType = corev1.EventTypeWarning
	}
	rec.AnnotatedEventf(obj, related, map[string]string{"severity": severity}, eventType, reason, action, "%s", msg) // guarded: Record has no context; its callers are judged
}

// RecordWithContext is Record for callers that hold a context: it drops the
// event when ctx has been cancelled.
func RecordWithContext(ctx context.Context, rec kevents.AnnotatedEventRecorder, obj, related runtime.Object, severity, reason, action, msg string) {
	if errors.Is(context.Cause(ctx), context.Canceled) {
		return
	}
	Record(rec, obj, related, severity, reason, action, msg) // guarded
}

// Multi fans events out to several recorders, for instance the Kubernetes
// recorder and Flux's, which also posts to notification-controller.
type Multi []recorder.EventRecorder

var _ recorder.EventRecorder = Multi(nil)

// Eventf implements events.EventRecorder.
func (m Multi) Eventf(regarding, related runtime.Object, eventtype, reason, action, note string, args ...interface{}) {
	for _, rec := range m {
		rec.Eventf(regarding, related, eventtype, reason, action, note, args...) // guarded: no context in a recorder
	}
}

// AnnotatedEventf implements events.AnnotatedEventRecorder.
func (m Multi) AnnotatedEventf(regarding, related runtime.Object, annotations map[string]string, eventtype, reason, action, note string, args ...interface{}) {
	for _, rec := range m {
		rec.AnnotatedEventf(regarding, related, annotations, eventtype, reason, action, note, args...) // guarded: no context in a recorder
	}
}
