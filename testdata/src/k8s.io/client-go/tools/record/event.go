// Stub of k8s.io/client-go/tools/record for tests: same package path, names
// and signatures as the real package, trivial bodies.

package record

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/klog/v2"
)

// EventRecorder knows how to record events on behalf of an EventSource.
type EventRecorder interface {
	Event(object runtime.Object, eventtype, reason, message string)
	Eventf(object runtime.Object, eventtype, reason, messageFmt string, args ...interface{})
	AnnotatedEventf(object runtime.Object, annotations map[string]string, eventtype, reason, messageFmt string, args ...interface{})
}

// EventRecorderLogger extends EventRecorder such that a logger can be set for
// methods in EventRecorder.
type EventRecorderLogger interface {
	EventRecorder

	WithLogger(logger klog.Logger) EventRecorderLogger
}
