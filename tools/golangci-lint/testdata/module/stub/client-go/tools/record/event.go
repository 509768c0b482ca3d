// Package record stands in for k8s.io/client-go/tools/record: the same
// package path, interface and method names, with the object reduced to any.
package record

// EventRecorder records events.
type EventRecorder interface {
	Event(object any, eventtype, reason, message string)
	Eventf(object any, eventtype, reason, messageFmt string, args ...any)
	AnnotatedEventf(object any, annotations map[string]string, eventtype, reason, messageFmt string, args ...any)
}
