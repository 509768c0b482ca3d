package booleans // want package:"reachesSinks"

// A local boolean or error variable that holds a check (or the context's
// error) counts while it still holds it, and while the check is fresh.

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

func update(ctx context.Context) error { return nil }

func (r *R) boolVar(ctx context.Context) {
	canceled := errors.Is(ctx.Err(), context.Canceled)
	if canceled {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded")
}

func (r *R) boolInit(ctx context.Context) {
	if canceled := errors.Is(ctx.Err(), context.Canceled); !canceled {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded")
	}
}

func (r *R) boolCombined(ctx context.Context, failed bool) {
	stop := ctx.Err() != nil && !errors.Is(ctx.Err(), context.DeadlineExceeded)
	if failed && !stop {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded")
	}
}

func (r *R) boolStale(ctx context.Context) error {
	canceled := errors.Is(ctx.Err(), context.Canceled)
	err := update(ctx)
	if canceled {
		return err
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "UpdateFailed", "x") // want `event "UpdateFailed" emitted by r.rec.Event after update\(ctx\) \(line \d+\), which fails with context canceled during shutdown; the check at line \d+ no longer covers it`
	return err
}

func (r *R) boolReassigned(ctx context.Context, other bool) {
	canceled := errors.Is(ctx.Err(), context.Canceled)
	canceled = other
	if canceled {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "BoolReassigned", "canceled no longer holds the check") // want `event "BoolReassigned" emitted by r\.rec\.Event is not guarded`
}

func (r *R) boolOnePath(ctx context.Context, x bool) {
	var stop bool
	if x {
		stop = ctx.Err() != nil
	}
	if stop {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "BoolOnePath", "stop holds the check on one path") // want `event "BoolOnePath" emitted by r\.rec\.Event is not guarded`
}

func (r *R) boolSetByClosure(ctx context.Context) {
	canceled := errors.Is(ctx.Err(), context.Canceled)
	reset := func() { canceled = false }
	reset()
	if canceled {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "BoolSetByClosure", "a closure assigns canceled") // want `event "BoolSetByClosure" emitted by r\.rec\.Event is not guarded`
}

// An error variable declared without a value holds nil on the first
// iteration, whatever later iterations assign.
func (r *R) errBeforeLoop(ctx context.Context, items []string) {
	var err error
	for _, item := range items {
		if err != nil {
			return
		}
		r.rec.Event(r.obj, corev1.EventTypeWarning, "ErrBeforeLoop", item) // want `event "ErrBeforeLoop" emitted by r\.rec\.Event is not guarded`
		err = ctx.Err()
	}
}

func (r *R) errInLoop(ctx context.Context, items []string) {
	for _, item := range items {
		err := ctx.Err()
		if err != nil {
			return
		}
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", item)
	}
}

func (r *R) errStale(ctx context.Context) {
	err := ctx.Err()
	_ = update(ctx)
	if err != nil {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "x") // want `after update\(ctx\) \(line \d+\)`
}
