// Package events holds the event helpers shared by all controllers.
package events

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/record"
)

// Severities accepted by Record, mapped onto Kubernetes event types.
const (
	SeverityInfo  = "info"
	SeverityError = "error"
)

// Record emits an event of the given severity about obj.
//
// It takes no context: callers must not call it once their reconcile
// context has been cancelled.
func Record(rec record.EventRecorder, obj runtime.Object, severity, reason, msg string) {
	eventType := corev1.EventTypeNormal
	if severity == SeverityError {
		eventType = corev1.EventTypeWarning
	}
	rec.AnnotatedEventf(obj, map[string]string{"severity": severity}, eventType, reason, "%s", msg) // guarded: Record has no context; its callers are judged
}

// RecordWithContext is Record for callers that hold a context: it drops the
// event when ctx has been cancelled.
func RecordWithContext(ctx context.Context, rec record.EventRecorder, obj runtime.Object, severity, reason, msg string) {
	if errors.Is(context.Cause(ctx), context.Canceled) {
		return
	}
	Record(rec, obj, severity, reason, msg) // guarded
}

// Multi fans events out to several recorders, for instance the Kubernetes
// recorder and an external notification endpoint.
type Multi []record.EventRecorder

var _ record.EventRecorder = Multi(nil)

// Event implements record.EventRecorder.
func (m Multi) Event(object runtime.Object, eventtype, reason, message string) {
	for _, rec := range m {
		rec.Event(object, eventtype, reason, message) // guarded: no context in a recorder
	}
}

// Eventf implements record.EventRecorder.
func (m Multi) Eventf(object runtime.Object, eventtype, reason, messageFmt string, args ...interface{}) {
	for _, rec := range m {
		rec.Eventf(object, eventtype, reason, messageFmt, args...) // guarded: no context in a recorder
	}
}

// AnnotatedEventf implements record.EventRecorder.
func (m Multi) AnnotatedEventf(object runtime.Object, annotations map[string]string, eventtype, reason, messageFmt string, args ...interface{}) {
	for _, rec := range m {
		rec.AnnotatedEventf(object, annotations, eventtype, reason, messageFmt, args...) // guarded: no context in a recorder
	}
}
