package shapes // want package:"reachesSinks"

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
)

type R struct {
	rec record.EventRecorder
	obj *corev1.ConfigMap
}

// The comments that end the line go into the block with the statement,
// a block comment before the trailing one included. (Work after the event
// keeps the wrap.)
func (r *R) comments(ctx context.Context) {
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Comments", "x") /* keep */ // want `event "Comments" emitted by r\.rec\.Event is not guarded`
	r.obj = nil
}

// The only statement of a block written on one line: the block opens up.
func (r *R) oneLine(ctx context.Context) {
	defer func() { r.rec.Event(r.obj, corev1.EventTypeWarning, "OneLine", "x") }() // want `event "OneLine" emitted by r\.rec\.Event is not guarded`
}

// Two fixes in one function give its blank context parameter one name:
// ctx is taken at the second call, so both use ctx2.
func (r *R) twoSites(_ context.Context, name string) {
	r.rec.Event(r.obj, corev1.EventTypeWarning, "TwoSites", name) // want `event "TwoSites" emitted by r\.rec\.Event is not guarded`
	if name != "" {
		ctx := name
		r.rec.Event(r.obj, corev1.EventTypeWarning, "TwoSites2", ctx) // want `event "TwoSites2" emitted by r\.rec\.Event is not guarded`
	}
}

// A closure started with go through a variable gets no fix: the goroutine
// may outlive the function.
func (r *R) goThroughVariable(ctx context.Context) {
	run := func() {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "x") // want `in a goroutine`
	}
	go run()
}

func update(ctx context.Context) error { return nil }

// An argument that consumes the context would make a check before the
// statement stale at the call: no fix.
func (r *R) consumingArgument(ctx context.Context) {
	r.rec.Event(r.obj, corev1.EventTypeWarning, "ConsumingArgument", update(ctx).Error()) // want `event "ConsumingArgument" emitted by r\.rec\.Event is not guarded`
}
