package notify // want package:"reachesSinks"

// A shared events helper package: Record has no context.

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/record"
)

// Record emits through the recorder.
func Record(rec record.EventRecorder, obj runtime.Object, reason, msg string) { // want Record:`emitter\(rec.Eventf@notify.go:\d+\)`
	rec.Eventf(obj, "Warning", reason, "%s", msg)
}

// Warn reaches the sink through Record.
func Warn(rec record.EventRecorder, obj runtime.Object, msg string) { // want Warn:`emitter\(Record@notify.go:\d+ -> rec.Eventf@notify.go:\d+\)`
	Record(rec, obj, "Warning", msg)
}
