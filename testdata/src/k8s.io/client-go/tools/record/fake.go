// Stub of k8s.io/client-go/tools/record for tests: same package path, names
// and signatures as the real package, trivial bodies.

package record

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/klog/v2"
)

// FakeRecorder is used as a fake during tests.
type FakeRecorder struct {
	Events chan string

	IncludeObject bool
}

var _ EventRecorderLogger = &FakeRecorder{}

func (f *FakeRecorder) Event(object runtime.Object, eventtype, reason, message string) {}

func (f *FakeRecorder) Eventf(object runtime.Object, eventtype, reason, messageFmt string, args ...interface{}) {
}

func (f *FakeRecorder) AnnotatedEventf(object runtime.Object, annotations map[string]string, eventtype, reason, messageFmt string, args ...interface{}) {
}

func (f *FakeRecorder) WithLogger(logger klog.Logger) EventRecorderLogger {
	return f
}

// NewFakeRecorder creates new fake event recorder with event channel with
// buffer of given size.
func NewFakeRecorder(bufferSize int) *FakeRecorder {
	return &FakeRecorder{
		Events: make(chan string, bufferSize),
	}
}
