package errorsis // want package:"reachesSinks"

// errors.Is may be the standard library's, github.com/pkg/errors' (as
// Cluster API style code imports it), or any function that forwards to it.

import (
	"context"

	"github.com/pkg/errors"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"

	"errorsis/errs"
)

type R struct {
	rec record.EventRecorder
	obj *corev1.ConfigMap
}

func (r *R) pkgErrors(ctx context.Context) {
	if errors.Is(ctx.Err(), context.Canceled) {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "pkg/errors.Is is a check")
}

// isCanceled forwards to github.com/pkg/errors.Is.
func isCanceled(err, target error) bool { return errors.Is(err, target) } // want isCanceled:"errorsIs"

func (r *R) localForwarder(ctx context.Context) {
	if isCanceled(ctx.Err(), context.Canceled) {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "a local forwarder is a check")
}

func (r *R) importedForwarders(ctx context.Context) {
	if errs.Is(ctx.Err(), context.Canceled) || errs.Matches(context.Cause(ctx), context.Canceled) {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "forwarders of another package are checks")
}

func (r *R) notAForwarder(ctx context.Context) {
	if errs.Swapped(ctx.Err(), context.Canceled) {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "NotAForwarder", "swapped parameters") // want `event "NotAForwarder" emitted by r\.rec\.Event is not guarded`
}

func update(ctx context.Context) error { return ctx.Err() }

// A test of the error another call returned is no check: the message says
// why.
func (r *R) otherError(ctx context.Context) error {
	if err := update(ctx); err != nil {
		if errors.Is(err, context.Canceled) {
			return err
		}
		r.rec.Event(r.obj, corev1.EventTypeWarning, "UpdateFailed", err.Error()) // want `event "UpdateFailed" emitted by r.rec.Event is not guarded .* \(the test errors.Is\(err, context.Canceled\) at line \d+ does not count: an error returned by another call need not wrap the context's; test ctx.Err\(\) itself\)`
		return err
	}
	return nil
}

// isCanceledError tests the error another call returned, as controllers
// write it: an error test. A test through it is no check either, and the
// message names it.
func isCanceledError(err error) bool { // want isCanceledError:"errorTest\\(param=0, true={canceled}, false={live,timedOut}\\)"
	return errors.Is(err, context.Canceled)
}

// isContextCanceled unwraps the error by hand and compares each link: an
// error test whose "false" tells nothing (it may come before any
// comparison), whose "true" does.
func (r *R) isContextCanceled(op string, err error) bool { // want isContextCanceled:"errorTest\\(param=1, true={canceled}, false={live,canceled,timedOut}\\)"
	for err != nil {
		if err == context.Canceled {
			return true
		}
		u, ok := err.(interface{ Unwrap() error })
		if !ok {
			return false
		}
		err = u.Unwrap()
	}
	return false
}

// shuttingDown calls an error test and tests more: an error test too.
func shuttingDown(err error) bool { // want shuttingDown:"errorTest\\(param=0, true={live,canceled,timedOut}, false={live,timedOut}\\)"
	return isCanceledError(err) || err.Error() == "server shutting down"
}

func (r *R) helperTest(ctx context.Context) error {
	if err := update(ctx); err != nil {
		if isCanceledError(err) {
			return err
		}
		r.rec.Event(r.obj, corev1.EventTypeWarning, "HelperTest", err.Error()) // want `event "HelperTest" emitted by r.rec.Event is not guarded .* \(the test isCanceledError\(err\) at line \d+ does not count: an error returned by another call need not wrap the context's; test ctx.Err\(\) itself\)`
		return err
	}
	return nil
}

func (r *R) helperCondition(ctx context.Context) {
	if err := update(ctx); err != nil && !r.isContextCanceled("update", err) {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "HelperCondition", err.Error()) // want `event "HelperCondition" emitted by r.rec.Event is not guarded .* \(the test r.isContextCanceled\("update", err\) at line \d+ does not count`
	}
}

func (r *R) helperOfHelper(ctx context.Context) {
	if err := update(ctx); err != nil && !shuttingDown(err) {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "HelperOfHelper", err.Error()) // want `event "HelperOfHelper" emitted by r.rec.Event is not guarded .* \(the test shuttingDown\(err\) at line \d+ does not count`
	}
}

func (r *R) importedHelper(ctx context.Context) {
	err := update(ctx)
	if errs.IsCanceled(err) {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "ImportedHelper", "failed") // want `event "ImportedHelper" emitted by r.rec.Event is not guarded .* \(the test errs.IsCanceled\(err\) at line \d+ does not count`
}

// Handed the context's own error, an error test is neither a check (the
// rule counts guard functions, which take the context) nor a test of
// another error: the message says nothing of it.
func (r *R) contextErrorToHelper(ctx context.Context) {
	if isCanceledError(ctx.Err()) {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "ContextError", "failed") // want `event "ContextError" emitted by r.rec.Event is not guarded against context cancellation: during shutdown it sends a false failure notification; check errors.Is\(ctx.Err\(\), context.Canceled\) first$`
}

// A test of another error, not against context.Canceled, is no error
// test.
func (r *R) notFound(ctx context.Context) {
	if err := update(ctx); errs.NotFound(err) {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "NotFound", "failed") // want `event "NotFound" emitted by r.rec.Event is not guarded against context cancellation: during shutdown it sends a false failure notification; check errors.Is\(ctx.Err\(\), context.Canceled\) first$`
	}
}
