package receivers // want package:"reachesSinks" package:`checks\(Blank\.Reconcile\[fix 0\] Blank\.Steps\[fix 0\] Fields\.Reconcile\[fix 0\] Generic\.Reconcile\[fix 0\] Short\.Reconcile\[fix 0\] Two\.Reconcile\[fix 0\] Unnamed\.Reconcile\[fix 0\]\)`

// The guarded method names its receiver as the type's methods do, or
// after the type: methods with unnamed and blank receivers are ordinary
// Go.

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
)

// Unnamed's last method leaves its receiver unnamed, as revive's
// receiver-naming advice has it: the guarded method goes after it and
// names its receiver as Reconcile does.
type Unnamed struct {
	Recorder record.EventRecorder
	obj      *corev1.ConfigMap
}

func (rec *Unnamed) Reconcile(ctx context.Context, err error) {
	if err != nil {
		rec.Recorder.Event(rec.obj, corev1.EventTypeWarning, "Failed", err.Error()) // want `event "Failed" emitted by rec\.Recorder\.Event is not guarded`
		return
	}
	rec.Recorder.Event(rec.obj, corev1.EventTypeNormal, "Ready", "ready")   // want `event "Ready" emitted by rec\.Recorder\.Event is not guarded`
	rec.Recorder.Event(rec.obj, corev1.EventTypeNormal, "Synced", "synced") // want `event "Synced" emitted by rec\.Recorder\.Event is not guarded`
}

func (*Unnamed) Name() string { return "unnamed" }

// Blank's other methods name their receivers _ or nothing: the guarded
// method takes a short name from the type's.
type Blank struct {
	Recorder record.EventRecorder
	obj      *corev1.ConfigMap
}

func (_ *Blank) Kind() string { return "blank" }

func (*Blank) Reconcile(ctx context.Context, b *Blank, err error) {
	if err != nil {
		b.Recorder.Event(b.obj, corev1.EventTypeWarning, "Failed", err.Error()) // want `event "Failed" emitted by b\.Recorder\.Event is not guarded`
	}
	b.Recorder.Event(b.obj, corev1.EventTypeNormal, "Ready", "ready")   // want `event "Ready" emitted by b\.Recorder\.Event is not guarded`
	b.Recorder.Event(b.obj, corev1.EventTypeNormal, "Synced", "synced") // want `event "Synced" emitted by b\.Recorder\.Event is not guarded`
}

func (r *Blank) Steps(ctx context.Context, err error) {
	if err != nil {
		r.Recorder.Event(r.obj, corev1.EventTypeWarning, "StepFailed", err.Error()) // want `event "StepFailed" emitted by r\.Recorder\.Event is not guarded`
	}
	r.Recorder.Event(r.obj, corev1.EventTypeNormal, "Stepped", "stepped") // want `event "Stepped" emitted by r\.Recorder\.Event is not guarded`
	r.Recorder.Event(r.obj, corev1.EventTypeNormal, "Done", "done")       // want `event "Done" emitted by r\.Recorder\.Event is not guarded`
}

func (_ *Blank) Last() {}

// Short calls through a parameter, not its receiver: the calls are no
// guarded method's, which reaches its recorder through the receiver.
type Short struct {
	Recorder record.EventRecorder
}

func (*Short) Reconcile(ctx context.Context, s *Short, obj *corev1.ConfigMap) {
	s.Recorder.Event(obj, corev1.EventTypeWarning, "One", "1")   // want `event "One" emitted by s\.Recorder\.Event is not guarded`
	s.Recorder.Event(obj, corev1.EventTypeWarning, "Two", "2")   // want `event "Two" emitted by s\.Recorder\.Event is not guarded`
	s.Recorder.Event(obj, corev1.EventTypeWarning, "Three", "3") // want `event "Three" emitted by s\.Recorder\.Event is not guarded`
}

// Two calls both Event and Eventf often enough for a guarded method each:
// both go after its last method, in one run.
type Two struct {
	Recorder record.EventRecorder
	obj      *corev1.ConfigMap
}

func (r *Two) Reconcile(ctx context.Context, err error) {
	if err != nil {
		r.Recorder.Eventf(r.obj, corev1.EventTypeWarning, "Failed", "failed: %s", err) // want `event "Failed" emitted by r\.Recorder\.Eventf is not guarded`
		r.Recorder.Event(r.obj, corev1.EventTypeWarning, "Failed2", err.Error())       // want `event "Failed2" emitted by r\.Recorder\.Event is not guarded`
		return
	}
	r.Recorder.Eventf(r.obj, corev1.EventTypeNormal, "Ready", "ready %d", 1)   // want `event "Ready" emitted by r\.Recorder\.Eventf is not guarded`
	r.Recorder.Event(r.obj, corev1.EventTypeNormal, "Ready2", "ready")         // want `event "Ready2" emitted by r\.Recorder\.Event is not guarded`
	r.Recorder.Eventf(r.obj, corev1.EventTypeNormal, "Synced", "synced %d", 2) // want `event "Synced" emitted by r\.Recorder\.Eventf is not guarded`
	r.Recorder.Event(r.obj, corev1.EventTypeNormal, "Synced2", "synced")       // want `event "Synced2" emitted by r\.Recorder\.Event is not guarded`
}

// Fields has two recorders whose calls make a group each: the second
// method takes another name.
type Fields struct {
	Recorder, Audit record.EventRecorder
	obj             *corev1.ConfigMap
}

func (r *Fields) Reconcile(ctx context.Context) {
	r.Recorder.Event(r.obj, corev1.EventTypeNormal, "A", "a") // want `event "A" emitted by r\.Recorder\.Event is not guarded`
	r.Audit.Event(r.obj, corev1.EventTypeNormal, "B", "b")    // want `event "B" emitted by r\.Audit\.Event is not guarded`
	r.Recorder.Event(r.obj, corev1.EventTypeNormal, "C", "c") // want `event "C" emitted by r\.Recorder\.Event is not guarded`
	r.Audit.Event(r.obj, corev1.EventTypeNormal, "D", "d")    // want `event "D" emitted by r\.Audit\.Event is not guarded`
	r.Recorder.Event(r.obj, corev1.EventTypeNormal, "E", "e") // want `event "E" emitted by r\.Recorder\.Event is not guarded`
	r.Audit.Event(r.obj, corev1.EventTypeNormal, "F", "f")    // want `event "F" emitted by r\.Audit\.Event is not guarded`
}

// Generic's receiver has a type parameter, which the method keeps.
type Generic[T any] struct {
	Recorder record.EventRecorder
	obj      *corev1.ConfigMap
	v        T
}

func (g *Generic[T]) Reconcile(ctx context.Context) {
	g.Recorder.Event(g.obj, corev1.EventTypeNormal, "A", "a") // want `event "A" emitted by g\.Recorder\.Event is not guarded`
	g.Recorder.Event(g.obj, corev1.EventTypeNormal, "B", "b") // want `event "B" emitted by g\.Recorder\.Event is not guarded`
	g.Recorder.Event(g.obj, corev1.EventTypeNormal, "C", "c") // want `event "C" emitted by g\.Recorder\.Event is not guarded`
}

func (*Generic[_]) Name() string { return "generic" }
