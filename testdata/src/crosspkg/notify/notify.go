package notify // want package:"reachesSinks"

// A shared events helper package: Record has no context.

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/record"
)

// Record emits through the recorder.
func Record(rec record.EventRecorder, obj runtime.Object, reason, msg string) { // want Record:`emitter\(rec.Eventf@notify.go:\d+; type="Warning"\)`
	rec.Eventf(obj, "Warning", reason, "%s", msg)
}

// Warn reaches the sink through Record.
func Warn(rec record.EventRecorder, obj runtime.Object, msg string) { // want Warn:`emitter\(Record@notify.go:\d+ -> rec.Eventf@notify.go:\d+; type="Warning"\)`
	Record(rec, obj, "Warning", msg)
}

// Progress emits Normal events only.
func Progress(rec record.EventRecorder, obj runtime.Object, reason string) { // want Progress:`emitter\(rec.Event@notify.go:\d+; type="Normal"\)`
	rec.Event(obj, "Normal", reason, "progressing")
}

// Emit emits an event of its caller's type.
func Emit(rec record.EventRecorder, obj runtime.Object, eventType, reason string) { // want Emit:`emitter\(rec.Event@notify.go:\d+; type=param 2\)`
	rec.Event(obj, eventType, reason, "emitted")
}
