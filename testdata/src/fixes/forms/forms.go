package forms // want package:"reachesSinks" package:`checks\(Clash\.Reconcile\[fix 0\] Fold\.Reconcile\[fix 0\] FoldElse\.Reconcile\[fix 0\] Many\.Reconcile\[fix 0\] Reuse\.Reconcile\[fix 0\] Two\.Reconcile\[fix 0\] TwoFields\.Reconcile\[fix 0\]\)`

// The forms of the check a maintainer writes: folded into the condition
// that already guards the event, one guard clause where a function only
// emits, and a method of the type where it makes the same call three
// times or more.

import (
	"context"
	"errors"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/record"
)

// Fold: the event is the only statement of an if without else; the
// condition takes the check, and the other event of the function gets the
// wrap rather than a guard clause: one form a function. (The function
// counts its failures, so it does more than emit.)
type Fold struct {
	rec      record.EventRecorder
	obj      *corev1.ConfigMap
	failures int
}

func (r *Fold) Reconcile(ctx context.Context, err error) {
	if err != nil {
		r.failures++
	}
	if err != nil {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", err.Error()) // want `event "Failed" emitted by r\.rec\.Event is not guarded`
	}
	r.rec.Event(r.obj, corev1.EventTypeNormal, "Done", "done") // want `event "Done" emitted by r\.rec\.Event is not guarded`
}

// FoldElse: an if with an else keeps the wrap.
type FoldElse struct {
	rec record.EventRecorder
	obj *corev1.ConfigMap
}

func (r *FoldElse) Reconcile(ctx context.Context, err error) {
	if err != nil {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Else", err.Error()) // want `event "Else" emitted by r\.rec\.Event is not guarded`
	} else {
		r.obj = nil
	}
}

// OnlyEmits: a function that does nothing but compute its events'
// arguments and emit them gets one guard clause at its top.
type OnlyEmits struct {
	rec record.EventRecorder
	obj *corev1.ConfigMap
}

func (r *OnlyEmits) report(ctx context.Context, err error) {
	msg := fmt.Sprintf("reconciliation failed: %v", err)
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", msg)         // want `event "Failed" emitted by r\.rec\.Event is not guarded`
	r.rec.Event(r.obj, corev1.EventTypeNormal, "Retrying", "retrying") // want `event "Retrying" emitted by r\.rec\.Event is not guarded`
}

// Many: three calls of one sink through one field get a method of the
// type; a call in a goroutine stays out (it has no fix).
type Many struct {
	Recorder record.EventRecorder
	obj      *corev1.ConfigMap
	log      func(string)
}

func (r *Many) Reconcile(ctx context.Context, err error) {
	if err != nil {
		r.log("failed")
		r.Recorder.Eventf(r.obj, corev1.EventTypeWarning, "Failed", "failed: %s", err) // want `event "Failed" emitted by r\.Recorder\.Eventf is not guarded`
		return
	}
	r.Recorder.Eventf(r.obj, corev1.EventTypeNormal, "Ready", "ready") // want `event "Ready" emitted by r\.Recorder\.Eventf is not guarded`
	go func() {
		r.Recorder.Eventf(r.obj, corev1.EventTypeNormal, "Later", "later") // want `in a goroutine`
	}()
	r.finish(ctx)
}

func (r *Many) finish(ctx context.Context) {
	r.log("finished")
	r.Recorder.Eventf(r.obj, corev1.EventTypeNormal, "Finished", "%s", "done") // want `event "Finished" emitted by r\.Recorder\.Eventf is not guarded`
}

// Two: two calls only get their checks where they stand.
type Two struct {
	rec record.EventRecorder
	obj *corev1.ConfigMap
	log func(string)
}

func (r *Two) Reconcile(ctx context.Context, err error) {
	r.rec.Event(r.obj, corev1.EventTypeNormal, "Started", "started") // want `event "Started" emitted by r\.rec\.Event is not guarded`
	r.log("working")
	r.rec.Event(r.obj, corev1.EventTypeNormal, "Stopped", "stopped") // want `event "Stopped" emitted by r\.rec\.Event is not guarded`
}

// Clash: the type has an eventf of another shape, so the new method is
// eventf2.
type Clash struct {
	rec record.EventRecorder
	obj *corev1.ConfigMap
	log func(string)
}

func (r *Clash) eventf(msg string) { r.log(msg) }

func (r *Clash) Reconcile(ctx context.Context, err error) {
	r.eventf("reconciling")
	r.rec.Eventf(r.obj, corev1.EventTypeNormal, "One", "one") // want `event "One" emitted by r\.rec\.Eventf is not guarded`
	r.log("x")
	r.rec.Eventf(r.obj, corev1.EventTypeNormal, "Two", "two") // want `event "Two" emitted by r\.rec\.Eventf is not guarded`
	r.log("y")
	r.rec.Eventf(r.obj, corev1.EventTypeNormal, "Three", "three") // want `event "Three" emitted by r\.rec\.Eventf is not guarded`
}

// Reuse: the type has the guarded method already: the calls use it, and
// nothing is added.
type Reuse struct {
	rec record.EventRecorder
	obj *corev1.ConfigMap
	log func(string)
}

func (r *Reuse) event(ctx context.Context, object runtime.Object, eventtype, reason, message string) {
	if errors.Is(ctx.Err(), context.Canceled) {
		return
	}
	r.rec.Event(object, eventtype, reason, message)
}

func (r *Reuse) Reconcile(ctx context.Context, err error) {
	r.rec.Event(r.obj, corev1.EventTypeNormal, "One", "one") // want `event "One" emitted by r\.rec\.Event is not guarded`
	r.log("x")
	r.rec.Event(r.obj, corev1.EventTypeNormal, "Two", "two") // want `event "Two" emitted by r\.rec\.Event is not guarded`
	r.log("y")
	r.rec.Event(r.obj, corev1.EventTypeNormal, "Three", "three") // want `event "Three" emitted by r\.rec\.Event is not guarded`
}

// TwoFields: the calls through each recorder count apart: three through
// kube get a method, two through audit their checks.
type TwoFields struct {
	kube  record.EventRecorder
	audit record.EventRecorder
	obj   *corev1.ConfigMap
	log   func(string)
}

func (r *TwoFields) Reconcile(ctx context.Context, err error) {
	r.kube.Event(r.obj, corev1.EventTypeNormal, "One", "one")    // want `event "One" emitted by r\.kube\.Event is not guarded`
	r.audit.Event(r.obj, corev1.EventTypeNormal, "Audit", "one") // want `event "Audit" emitted by r\.audit\.Event is not guarded`
	r.log("x")
	r.kube.Event(r.obj, corev1.EventTypeNormal, "Two", "two")    // want `event "Two" emitted by r\.kube\.Event is not guarded`
	r.audit.Event(r.obj, corev1.EventTypeNormal, "Audit", "two") // want `event "Audit" emitted by r\.audit\.Event is not guarded`
	r.log("y")
	r.kube.Event(r.obj, corev1.EventTypeNormal, "Three", "three") // want `event "Three" emitted by r\.kube\.Event is not guarded`
}
