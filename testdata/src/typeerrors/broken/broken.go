package broken // want package:"reachesSinks" package:`checks\(R\.Reconcile\[0\]\)`

// Package broken does not type-check, as a checkout whose generated code
// was never generated, or with an import the proxy refuses. The analyzer
// reports what the types tell: a call of a known recorder's method is a
// sink whatever its arguments; a check of an undefined context checks
// nothing; a recorder of an unknown type is nothing it knows.

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"

	"example.com/refused/events" // a module the proxy refuses
)

type R struct {
	rec     record.EventRecorder
	unknown events.Recorder
	obj     *corev1.ConfigMap
	bucket  *Bucket // its API was never generated
}

// Notify emits, and has errors of its own.
func Notify(rec record.EventRecorder, obj *corev1.ConfigMap, err error) { // want Notify:`emitter\(rec.Eventf@broken.go:\d+; type="Warning"\)`
	log.Info("notifying")
	rec.Eventf(obj, corev1.EventTypeWarning, "Failed", "%v", err)
}

func (r *R) Reconcile(ctx context.Context, err error) {
	r.rec.Eventf(r.obj, corev1.EventTypeWarning, "TooFewArguments")           // want `event "TooFewArguments" emitted by r.rec.Eventf is not guarded`
	r.rec.Event(r.bucket, corev1.EventTypeWarning, "UndefinedType", "bucket") // want `event "UndefinedType" emitted by r.rec.Event is not guarded`
	r.unknown.Eventf(r.obj, corev1.EventTypeWarning, "Unknown", "%v", err)
	if errors.Is(cxt.Err(), context.Canceled) {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "CheckedNothing", "the check was of an undefined name") // want `event "CheckedNothing" emitted by r.rec.Event is not guarded`
	if errors.Is(ctx.Err(), context.Canceled) {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Guarded", "too many arguments", "extra")
	Notify(r.rec, r.obj, err, 42)
	r.rec.Event(undefinedObject(), corev1.EventTypeWarning, reasons.Failed, msg)
}

// Typo's context parameter has a type that does not exist: it has no
// usable context, and is an emitter.
func Typo(ctx contxt.Context, rec record.EventRecorder, obj *corev1.ConfigMap) { // want Typo:`emitter\(rec.Event@broken.go:\d+; type="Warning"\)`
	rec.Event(obj, corev1.EventTypeWarning, "Typo", "typo")
}
