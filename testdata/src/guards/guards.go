package guards // want package:"reachesSinks"

// Every form of cancellation check, on the "not cancelled" outcome.

import (
	"context"
	"errors"
	"os"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
)

type R struct {
	rec record.EventRecorder
	obj *corev1.ConfigMap
}

func (r *R) earlyReturnErrNotNil(ctx context.Context) {
	if ctx.Err() != nil {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded")
}

func (r *R) insideErrNil(ctx context.Context) {
	if ctx.Err() == nil {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded")
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "InsideErrNil", "after the if") // want `event "InsideErrNil" emitted by r\.rec\.Event is not guarded`
}

func (r *R) errorsIs(ctx context.Context) {
	if !errors.Is(ctx.Err(), context.Canceled) {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded")
	} else {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "ErrorsIs", "cancelled arm") // want `event "ErrorsIs" emitted by r\.rec\.Event is not guarded`
	}
}

func (r *R) errorsIsCause(ctx context.Context) error {
	if errors.Is(context.Cause(ctx), context.Canceled) {
		return ctx.Err()
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded")
	return nil
}

func (r *R) equalsCanceled(ctx context.Context) {
	if ctx.Err() == context.Canceled {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded")
}

func (r *R) causeNotEqualsCanceled(ctx context.Context) {
	if context.Cause(ctx) != context.Canceled {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded")
	}
	if context.Canceled != ctx.Err() {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded, operands swapped")
	}
}

func (r *R) errVariable(ctx context.Context) {
	if err := ctx.Err(); err != nil {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded")
}

func (r *R) causeVariable(ctx context.Context) {
	cause := context.Cause(ctx)
	if errors.Is(cause, context.Canceled) {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded")
}

func (r *R) reassignedErr(ctx context.Context, other error) {
	err := ctx.Err()
	err = other
	if err != nil {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "ReassignedErr", "err is not only ctx.Err()") // want `event "ReassignedErr" emitted by r\.rec\.Event is not guarded`
}

func (r *R) selectDefault(ctx context.Context) {
	select {
	case <-ctx.Done():
		r.rec.Event(r.obj, corev1.EventTypeWarning, "SelectDefault", "cancelled arm") // want `event "SelectDefault" emitted by r\.rec\.Event is not guarded`
	default:
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded")
	}
}

func (r *R) selectDefaultFallsThrough(ctx context.Context) {
	select {
	case <-ctx.Done():
		return
	default:
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded")
}

func (r *R) selectWithoutDefault(ctx context.Context, tick <-chan struct{}) {
	select {
	case <-ctx.Done():
		return
	case <-tick:
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "SelectWithoutDefault", "a tick does not mean alive") // want `event "SelectWithoutDefault" emitted by r\.rec\.Event is not guarded`
}

func (r *R) combined(ctx context.Context, failed bool) {
	if failed && !errors.Is(ctx.Err(), context.Canceled) {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded")
	}
	if failed || !errors.Is(ctx.Err(), context.Canceled) {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Combined", "failed alone reaches it") // want `event "Combined" emitted by r\.rec\.Event is not guarded`
	}
	if !(ctx.Err() != nil || !failed) {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded")
	}
}

func (r *R) deadlineOnly(ctx context.Context) {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "DeadlineOnly", "a timeout test is no guard") // want `event "DeadlineOnly" emitted by r\.rec\.Event is not guarded`
}

func (r *R) backgroundCheck(ctx context.Context) {
	bg := context.Background()
	if bg.Err() != nil {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "BackgroundCheck", "background is never cancelled") // want `event "BackgroundCheck" emitted by r\.rec\.Event is not guarded`
}

func (r *R) derivedContext(ctx context.Context) {
	child, cancel := context.WithCancel(ctx)
	defer cancel()
	if errors.Is(child.Err(), context.Canceled) {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded by the derived context")
}

func (r *R) taggedSwitch(ctx context.Context) {
	switch ctx.Err() {
	case context.Canceled:
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded")
	switch {
	case errors.Is(ctx.Err(), context.Canceled):
	default:
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded")
	}
}

func (r *R) loops(ctx context.Context, items []string) {
	for _, item := range items {
		if errors.Is(ctx.Err(), context.Canceled) {
			continue
		}
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", item)
	}
	for _, item := range items {
		if errors.Is(ctx.Err(), context.Canceled) {
			break
		}
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", item)
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Loops", "the loop may end without a check") // want `event "Loops" emitted by r\.rec\.Event is not guarded`
	for {
		if ctx.Err() != nil {
			break
		}
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded")
	}
}

func (r *R) noReturnCalls(ctx context.Context) {
	if errors.Is(ctx.Err(), context.Canceled) {
		panic("cancelled")
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded")
}

func (r *R) exits(ctx context.Context) {
	if ctx.Err() != nil {
		os.Exit(1)
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded")
}

// fatal never returns: it ends in os.Exit.
func fatal(msg string) { // want fatal:"noReturn"
	println(msg)
	os.Exit(1)
}

func (r *R) localNoReturn(ctx context.Context) {
	if ctx.Err() != nil {
		fatal("cancelled")
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded")
}

func (r *R) partial(ctx context.Context, early bool) {
	if early {
		if ctx.Err() != nil {
			return
		}
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Partial", "one path skips the check") // want `event "Partial" emitted by r\.rec\.Event is not guarded`
}

func (r *R) goto_(ctx context.Context) {
	if ctx.Err() == nil {
		goto emit
	}
	return
emit:
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded")
}

func (r *R) labeledBreak(ctx context.Context, items []string) {
outer:
	for range items {
		for range items {
			if ctx.Err() != nil {
				break outer
			}
			r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded")
		}
	}
}

// shuttingDown is a guard function: its result tests its context.
func shuttingDown(ctx context.Context) bool { // want shuttingDown:`guard\(param=0, true={canceled}, false={live,timedOut}\)`
	return errors.Is(ctx.Err(), context.Canceled)
}

// Alive is its negation.
func Alive(ctx context.Context) bool { // want Alive:`guard\(param=0, true={live,timedOut}, false={canceled}\)`
	return !shuttingDown(ctx)
}

// stopped tests either form.
func (r *R) stopped(name string, ctx context.Context) bool { // want stopped:`guard\(param=1, true={canceled,timedOut}, false={live}\)`
	return ctx.Err() != nil || errors.Is(context.Cause(ctx), context.Canceled)
}

// notAGuard mixes the check with something else.
func notAGuard(ctx context.Context, x bool) bool {
	return x && ctx.Err() != nil
}

func (r *R) guardCalls(ctx context.Context) {
	if shuttingDown(ctx) {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded")
	if Alive(ctx) {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded")
	}
	if !r.stopped("x", ctx) {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded")
	}
}

func (r *R) notGuardCalls(ctx context.Context) {
	if !notAGuard(ctx, true) {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "NotGuardCalls", "not a guard") // want `event "NotGuardCalls" emitted by r\.rec\.Event is not guarded`
	}
	if Alive(context.TODO()) {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "NotGuardCalls2", "guard of a TODO context") // want `event "NotGuardCalls2" emitted by r\.rec\.Event is not guarded`
	}
}

func (r *R) checkAfterEvent(ctx context.Context, early bool) {
	if early {
		if ctx.Err() != nil {
			return
		}
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "CheckAfterEvent", "a check after the event is not named") // want `event "CheckAfterEvent" emitted by r\.rec\.Event is not guarded`
	if errors.Is(ctx.Err(), context.Canceled) {
		return
	}
}
