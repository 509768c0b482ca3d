package rt

import "k8s.io/apimachinery/pkg/runtime"

// Recorder is a core/v1 event recorder (client-go's
// record.EventRecorder) that records each event's type and reason.
type Recorder struct{ log *Log }

// Event records the event.
func (r *Recorder) Event(object runtime.Object, eventtype, reason, message string) {
	r.log.add(Entry{Kind: "event", Type: eventtype, Reason: reason, API: "core/v1"})
}

// Eventf records the event.
func (r *Recorder) Eventf(object runtime.Object, eventtype, reason, messageFmt string, args ...interface{}) {
	r.log.add(Entry{Kind: "event", Type: eventtype, Reason: reason, API: "core/v1"})
}

// AnnotatedEventf records the event.
func (r *Recorder) AnnotatedEventf(object runtime.Object, annotations map[string]string, eventtype, reason, messageFmt string, args ...interface{}) {
	r.log.add(Entry{Kind: "event", Type: eventtype, Reason: reason, API: "core/v1"})
}

// EventsRecorder is an events.k8s.io/v1 event recorder (client-go's
// events.EventRecorder) that records each event's type and reason.
type EventsRecorder struct{ log *Log }

// Eventf records the event.
func (r *EventsRecorder) Eventf(regarding runtime.Object, related runtime.Object, eventtype, reason, action, note string, args ...interface{}) {
	r.log.add(Entry{Kind: "event", Type: eventtype, Reason: reason, API: "events.k8s.io/v1"})
}
