// Package record stands in for k8s.io/client-go/tools/record: the same
// package path, interface and method signatures (the e2e module's
// TestStubRecorders checks them against the real client-go).
package record

import "k8s.io/apimachinery/pkg/runtime"

// EventRecorder records events.
type EventRecorder interface {
	Event(object runtime.Object, eventtype, reason, message string)
	Eventf(object runtime.Object, eventtype, reason, messageFmt string, args ...interface{})
	AnnotatedEventf(object runtime.Object, annotations map[string]string, eventtype, reason, messageFmt string, args ...interface{})
}
