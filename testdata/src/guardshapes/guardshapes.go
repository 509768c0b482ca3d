package guardshapes // want package:"reachesSinks"

// Guard functions may have any shape: the dataflow decides what a true and
// a false result tell of the context.

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
)

type R struct {
	rec record.EventRecorder
	obj *corev1.ConfigMap
}

func errVar(ctx context.Context) bool { // want errVar:`guard\(param=0, true={canceled}, false={live,timedOut}\)`
	err := ctx.Err()
	return errors.Is(err, context.Canceled)
}

func ifReturn(ctx context.Context) bool { // want ifReturn:`guard\(param=0, true={canceled}, false={live,timedOut}\)`
	if errors.Is(ctx.Err(), context.Canceled) {
		return true
	}
	return false
}

func selectDone(ctx context.Context) bool { // want selectDone:`guard\(param=0, true={canceled,timedOut}, false={live}\)`
	select {
	case <-ctx.Done():
		return true
	default:
		return false
	}
}

// canceledNotTimedOut is true when the context was cancelled, not when it
// timed out.
func canceledNotTimedOut(ctx context.Context) bool { // want canceledNotTimedOut:`guard\(param=0, true={canceled}, false={live,timedOut}\)`
	return ctx.Err() != nil && !errors.Is(ctx.Err(), context.DeadlineExceeded)
}

func switchErr(ctx context.Context) bool { // want switchErr:`guard\(param=0, true={canceled}, false={live,timedOut}\)`
	switch ctx.Err() {
	case nil:
		return false
	case context.Canceled:
		return true
	}
	return false
}

// timedOut tells a timeout: its true result rules cancellation out.
func timedOut(ctx context.Context) bool { // want timedOut:`guard\(param=0, true={timedOut}, false={live,canceled}\)`
	return errors.Is(ctx.Err(), context.DeadlineExceeded)
}

// live uses its second context parameter.
func live(_ context.Context, ctx context.Context) bool { // want live:`guard\(param=1, true={live}, false={canceled,timedOut}\)`
	return ctx.Err() == nil
}

// oneSided tells something only when it returns false: no guard.
func oneSided(ctx context.Context, x bool) bool {
	if ctx.Err() != nil {
		return false
	}
	return x
}

func fetch(ctx context.Context) error { return nil }

// staleInside checks, then calls fetch, which makes the check stale: its
// false result tells nothing.
func staleInside(ctx context.Context) bool {
	if ctx.Err() != nil {
		return true
	}
	return fetch(ctx) != nil
}

func (r *R) uses(ctx context.Context) {
	if errVar(ctx) || ifReturn(ctx) || selectDone(ctx) {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded")
	if !canceledNotTimedOut(ctx) && !switchErr(ctx) {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded")
	}
}

func (r *R) timeout(ctx context.Context) {
	if timedOut(ctx) {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Timeout", "a timeout still notifies")
	}
	if !timedOut(ctx) {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Timeout", "not timed out may be cancelled") // want `event "Timeout" emitted by r\.rec\.Event is not guarded`
	}
	if live(nil, ctx) {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded")
	}
}

func (r *R) notGuards(ctx context.Context) {
	if oneSided(ctx, true) || staleInside(ctx) {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "NotGuards", "no guard") // want `event "NotGuards" emitted by r\.rec\.Event is not guarded`
}
