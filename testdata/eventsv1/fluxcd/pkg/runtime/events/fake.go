// Stub of github.com/fluxcd/pkg/runtime/events v0.117 for tests (see
// recorder.go).

package events

import (
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// FakeRecorder is used as a fake during tests.
type FakeRecorder struct {
	Events        chan corev1.Event
	IncludeObject bool
}

// FakeRecorder implements the Recorder interface.
var _ Recorder = &FakeRecorder{}

// NewFakeRecorder creates new fake event recorder with an Events channel
// with the given size.
func NewFakeRecorder(bufferSize int, includeObject bool) *FakeRecorder {
	return &FakeRecorder{
		Events:        make(chan corev1.Event, bufferSize),
		IncludeObject: includeObject,
	}
}

// NewNopRecorder creates a new FakeRecorder that doesn't record any events.
func NewNopRecorder() *FakeRecorder {
	return &FakeRecorder{}
}

// Eventf emits an event with the given message.
func (f *FakeRecorder) Eventf(obj runtime.Object, related runtime.Object, eventType, reason, action, message string, args ...interface{}) {
}

// AnnotatedEventf emits an event with annotations.
func (f *FakeRecorder) AnnotatedEventf(obj runtime.Object, related runtime.Object,
	annotations map[string]string,
	eventType, reason, action,
	message string, args ...interface{}) {
}
