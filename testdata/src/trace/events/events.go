package events // want package:"reachesSinks"

// A shared helper package whose emitters take the event type from their
// caller: their facts carry the parameter, and the argument at each call,
// in other packages too, decides.

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/record"
)

// Record emits an event of the caller's type.
func Record(rec record.EventRecorder, obj runtime.Object, eventType, reason, msg string) { // want Record:`emitter\(rec.Event@events.go:14; type=param 2\)`
	rec.Event(obj, eventType, reason, msg)
}

// Forward passes its caller's type on: a chain of two.
func Forward(rec record.EventRecorder, obj runtime.Object, kind, reason string) { // want Forward:`emitter\(Record@events.go:19 -> rec.Event@events.go:14; type=param 2\)`
	Record(rec, obj, kind, reason, "forwarded")
}
