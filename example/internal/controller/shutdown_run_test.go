package controller_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
)

// The scenarios: what happens at the interruption point of a
// reconciliation.
type scenario string

const (
	// shutdown: the manager stops there; the context is cancelled
	// (context.Canceled) and the call fails with that error.
	shutdown scenario = "shutdown"
	// timeout: the call outlasts the reconciliation's deadline
	// (context.DeadlineExceeded).
	timeout scenario = "timeout"
	// failure: the call fails with a live context: the API server (or
	// the remote end) answers 500.
	failure scenario = "failure"
	// success: the call succeeds.
	success scenario = "success"
)

var scenarios = []scenario{shutdown, timeout, failure, success}

// waitLimit bounds the wait for a deadline that has been set, should the
// context never report it.
const waitLimit = time.Minute

// A run is one reconciliation in one scenario.
type run struct {
	scenario scenario
	cancel   context.CancelFunc // the manager's stop, for shutdown
	sent     *sentLog
	point    clientCall     // the interruption point, if it is a client call
	calls    map[string]int // client calls made, by op
	reached  bool           // the interruption point was reached, with a live context
}

// interrupt plays the scenario at the interruption point, which the
// reconciliation reached with a live context; do is the work the call
// does when it succeeds. Only the first arrival interrupts.
func (r *run) interrupt(ctx context.Context, do func() error) error {
	if r.reached {
		return do()
	}
	r.reached = true
	r.sent.interrupt()
	switch r.scenario {
	case shutdown:
		r.cancel()
		return ctx.Err()
	case timeout:
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(waitLimit):
			return fmt.Errorf("the deadline did not pass within %s", waitLimit)
		}
	case failure:
		return apierrors.NewInternalError(errors.New("etcdserver: leader changed"))
	default:
		return do()
	}
}

// seam is an interruption point in a function the reconciler is given
// (a webhook, a fetcher, a store): like the real ones, it fails once the
// context is done.
func (r *run) seam(ctx context.Context, do func() error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return r.interrupt(ctx, do)
}
