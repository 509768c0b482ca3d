// Stub of k8s.io/client-go/tools/internal/events for tests: same package
// path, names and signatures as the real package, trivial bodies.

// Package internal is needed to break an import cycle in the real module.
package internal

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/klog/v2"
)

// EventRecorder knows how to record events on behalf of an EventSource.
type EventRecorder interface {
	Eventf(regarding runtime.Object, related runtime.Object, eventtype, reason, action, note string, args ...interface{})
}

// AnnotatedEventRecorder records events with annotations (client-go v0.37
// and later).
type AnnotatedEventRecorder interface {
	AnnotatedEventf(regarding runtime.Object, related runtime.Object, annotations map[string]string, eventtype, reason, action, note string, args ...interface{})
}

// EventRecorderLogger extends EventRecorder such that a logger can be set for
// methods in EventRecorder.
type EventRecorderLogger interface {
	EventRecorder

	WithLogger(logger klog.Logger) EventRecorderLogger
}
