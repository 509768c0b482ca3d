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
