package ifaces

import (
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/record"
)

// A type declared in a test file does not make Checker.Check an emitter
// method: test files are not analysed.
type testChecker struct{ rec record.EventRecorder }

func (c testChecker) Check(obj runtime.Object) {
	c.rec.Event(obj, corev1.EventTypeWarning, "Failed", "in a test file")
}
