package eventtypes // want package:"reachesSinks" package:`checks\(R\.Reconcile\[fix 0\]\)`

// The message says what the event is: a Warning event during shutdown is
// a false failure notification, a Normal one tells of a reconciliation
// that shutdown cut short, and an event of a type that is not a constant
// still notifies. For a call of an emitter the type is what the emitter
// emits: its one constant type, or the argument it takes its type from.

import (
	"context"

	"crosspkg/notify"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
)

type R struct {
	rec record.EventRecorder
	obj *corev1.ConfigMap
	ev  eventer
}

const typeWarning = "Warning"

func (r *R) Reconcile(ctx context.Context, eventType string) {
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "x")         // want `event "Failed" emitted by r.rec.Event is not guarded against context cancellation: during shutdown it sends a false failure notification; check`
	r.rec.Event(r.obj, typeWarning, "NamedConstant", "x")              // want `event "NamedConstant" emitted by r.rec.Event is not guarded against context cancellation: during shutdown it sends a false failure notification; check`
	r.rec.Event(r.obj, corev1.EventTypeNormal, "Progressing", "x")     // want `event "Progressing" emitted by r.rec.Event is not guarded against context cancellation: during shutdown it notifies about a reconciliation that shutdown cut short; check`
	r.rec.Event(r.obj, eventType, "FromParameter", "x")                // want `event "FromParameter" emitted by r.rec.Event is not guarded against context cancellation: during shutdown it still sends a notification; check`
	r.rec.Event(r.obj, "Info", "OtherConstant", "x")                   // want `event "OtherConstant" emitted by r.rec.Event is not guarded against context cancellation: during shutdown it still sends a notification; check`
	defer r.rec.Event(r.obj, corev1.EventTypeNormal, "Finalized", "x") // want `deferred event "Finalized" emitted by r.rec.Event runs after every cancellation check: during shutdown it notifies about a reconciliation that shutdown cut short; emit it`
	go r.rec.Event(r.obj, corev1.EventTypeWarning, "Async", "x")       // want `event "Async" emitted by r.rec.Event in a goroutine that may outlive the reconciliation, without a cancellation check: during shutdown it sends a false failure notification; decide`

	r.fail("HelperFailed")   // want `r.fail\("HelperFailed"\) emits an event \(r.rec.Event at eventtypes.go:\d+\) without a cancellation check: during shutdown it sends a false failure notification; check`
	r.progress("Ready")      // want `r.progress\("Ready"\) emits an event \(r.rec.Event at eventtypes.go:\d+\) without a cancellation check: during shutdown it notifies about a reconciliation that shutdown cut short; check`
	r.report(nil)            // want `r.report\(nil\) emits an event \(r.rec.Event at eventtypes.go:\d+\) without a cancellation check: during shutdown it still sends a notification; check`
	r.ready()                // want `r.ready\(\) emits an event \(r.rec.Event at eventtypes.go:\d+\) without a cancellation check: during shutdown it notifies about a reconciliation that shutdown cut short; check`
	defer r.fail("Deferred") // want `deferred call of r.fail\("Deferred"\) emits an event \(r.rec.Event at eventtypes.go:\d+\) after every cancellation check: during shutdown it sends a false failure notification; emit it`

	// A helper that takes its type from a parameter: the argument decides.
	r.eventf(corev1.EventTypeWarning, "ParamWarning") // want `r.eventf\(corev1.EventTypeWarning, "ParamWarning"\) emits an event \(r.rec.Event at eventtypes.go:\d+\) without a cancellation check: during shutdown it sends a false failure notification; check`
	r.eventf(corev1.EventTypeNormal, "ParamNormal")   // want `r.eventf\(corev1.EventTypeNormal, "ParamNormal"\) emits an event \(r.rec.Event at eventtypes.go:\d+\) without a cancellation check: during shutdown it notifies about a reconciliation that shutdown cut short; check`
	r.eventf(eventType, "ParamVariable")              // want `r.eventf\(eventType, "ParamVariable"\) emits an event \(r.rec.Event at eventtypes.go:\d+\) without a cancellation check: during shutdown it still sends a notification; check`

	// Helpers of another package, through their facts.
	notify.Warn(r.rec, r.obj, "x")                               // want `notify.Warn\(r.rec, r.obj, "x"\) emits an event \(rec.Eventf at notify.go:\d+\) without a cancellation check: during shutdown it sends a false failure notification; check`
	notify.Progress(r.rec, r.obj, "Progressing")                 // want `notify.Progress\(r.rec, r.obj, "Progressing"\) emits an event \(rec.Event at notify.go:\d+\) without a cancellation check: during shutdown it notifies about a reconciliation that shutdown cut short; check`
	notify.Emit(r.rec, r.obj, corev1.EventTypeWarning, "Failed") // want `notify.Emit\(r.rec, r.obj, corev1.EventTypeWarning, "Failed"\) emits an event \(rec.Event at notify.go:\d+\) without a cancellation check: during shutdown it sends a false failure notification; check`
	notify.Emit(r.rec, r.obj, corev1.EventTypeNormal, "Ready")   // want `notify.Emit\(r.rec, r.obj, corev1.EventTypeNormal, "Ready"\) emits an event \(rec.Event at notify.go:\d+\) without a cancellation check: during shutdown it notifies about a reconciliation that shutdown cut short; check`
	notify.Emit(r.rec, r.obj, eventType, "Passed")               // want `notify.Emit\(r.rec, r.obj, eventType, "Passed"\) emits an event \(rec.Event at notify.go:\d+\) without a cancellation check: during shutdown it still sends a notification; check`

	// An emitter interface method: the type is what its implementation emits.
	r.ev.progressed(r.obj) // want `r.ev.progressed\(r.obj\) emits an event \(kubeEventer.progressed calls k.rec.Event at eventtypes.go:\d+\) without a cancellation check: during shutdown it notifies about a reconciliation that shutdown cut short; check`
}

// fail emits Warning events only.
func (r *R) fail(reason string) { // want fail:`emitter\(r.rec.Event@eventtypes.go:\d+; type="Warning"\)`
	r.rec.Event(r.obj, corev1.EventTypeWarning, reason, "failed")
}

// progress emits Normal events only.
func (r *R) progress(reason string) { // want progress:`emitter\(r.rec.Event@eventtypes.go:\d+; type="Normal"\)`
	r.rec.Event(r.obj, corev1.EventTypeNormal, reason, "progressing")
}

// report emits a Warning or a Normal event: no one type.
func (r *R) report(err error) { // want report:`emitter\(r.rec.Event@eventtypes.go:\d+\)`
	if err != nil {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", err.Error())
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeNormal, "Succeeded", "ok")
}

// eventf emits an event of its caller's type.
func (r *R) eventf(eventType, reason string) { // want eventf:`emitter\(r.rec.Event@eventtypes.go:\d+; type=param 0\)`
	r.rec.Event(r.obj, eventType, reason, "x")
}

// ready passes a constant to eventf: its events are Normal.
func (r *R) ready() { // want ready:`emitter\(r.eventf@eventtypes.go:\d+ -> r.rec.Event@eventtypes.go:\d+; type="Normal"\)`
	r.eventf(corev1.EventTypeNormal, "Ready")
}

type eventer interface {
	progressed(obj *corev1.ConfigMap) // want progressed:`emitter\(kubeEventer.progressed -> k.rec.Event@eventtypes.go:\d+; type="Normal"\)`
}

type kubeEventer struct{ rec record.EventRecorder }

func (k kubeEventer) progressed(obj *corev1.ConfigMap) { // want progressed:`emitter\(k.rec.Event@eventtypes.go:\d+; type="Normal"\)`
	k.rec.Event(obj, corev1.EventTypeNormal, "Progressed", "x")
}
