// Stub of github.com/argoproj/argo-rollouts/utils/record (v1.8.3) for // want package:"reachesSinks"
// tests: the package path, and the names and signatures of EventOptions,
// EventRecorder and EventRecorderAdapter's methods; the adapter's metrics
// and notifications fields are left out, and defaultEventf keeps only its
// call of the Kubernetes recorder. As in the real package, the adapter's
// methods reach the recorder only through the function-typed field
// eventf.

package record

import (
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/record"
)

type EventOptions struct {
	// EventType is the kubernetes event type (Normal or Warning). Defaults to Normal
	EventType string
	// EventReason is a Kubernetes EventReason of why this event is generated.
	EventReason string
}

type EventRecorder interface {
	Eventf(object runtime.Object, opts EventOptions, messageFmt string, args ...any)
	Warnf(object runtime.Object, opts EventOptions, messageFmt string, args ...any)
	K8sRecorder() record.EventRecorder
}

// EventRecorderAdapter implements the EventRecorder interface
type EventRecorderAdapter struct {
	// Recorder is a K8s EventRecorder
	Recorder record.EventRecorder

	eventf func(object runtime.Object, warn bool, opts EventOptions, messageFmt string, args ...any)
}

func (e *EventRecorderAdapter) Eventf(object runtime.Object, opts EventOptions, messageFmt string, args ...any) {
	if opts.EventType == "" {
		opts.EventType = corev1.EventTypeNormal
	}
	e.eventf(object, opts.EventType == corev1.EventTypeWarning, opts, messageFmt, args...)
}

func (e *EventRecorderAdapter) Warnf(object runtime.Object, opts EventOptions, messageFmt string, args ...any) {
	opts.EventType = corev1.EventTypeWarning
	e.eventf(object, true, opts, messageFmt, args...)
}

// defaultEventf is the default implementation of eventf, which is able to be overwritten for
// test purposes
func (e *EventRecorderAdapter) defaultEventf(object runtime.Object, warn bool, opts EventOptions, messageFmt string, args ...any) { // want defaultEventf:`emitter\(e\.Recorder\.Eventf@record\.go:54\)`
	if opts.EventReason != "" {
		e.Recorder.Eventf(object, opts.EventType, opts.EventReason, messageFmt, args...)
	}
}

func (e *EventRecorderAdapter) K8sRecorder() record.EventRecorder {
	return e.Recorder
}
