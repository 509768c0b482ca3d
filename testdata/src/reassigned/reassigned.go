package reassigned // want package:"reachesSinks"

// Usability of a context is decided where it is used, flow-sensitively:
// reassigned and derived contexts, contexts that shutdown never reaches.

import (
	"context"
	"errors"
	"time"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
	ctrl "sigs.k8s.io/controller-runtime"
)

type R struct {
	rec record.EventRecorder
	obj *corev1.ConfigMap
	log logr.Logger
}

func apply(ctx context.Context) error { return ctx.Err() }

// A timeout context made from the reconcile context keeps it usable: the
// check on it counts (Helm-controller shape).
func (r *R) withTimeout(ctx context.Context, timeout time.Duration) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	err := apply(ctx)
	if !errors.Is(ctx.Err(), context.Canceled) {
		r.rec.Eventf(r.obj, corev1.EventTypeWarning, "ApplyFailed", "%v", err)
	}
	r.rec.Eventf(r.obj, corev1.EventTypeWarning, "ApplyFailed", "%v", err) // want `event "ApplyFailed" emitted by r.rec.Eventf is not guarded`
}

// A nested scope redeclares ctx from the parameter: still usable.
func (r *R) shadowed(ctx context.Context, timeout time.Duration) {
	if timeout > 0 {
		ctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		if ctx.Err() != nil {
			return
		}
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded by the inner ctx")
	}
}

// WithoutCancel makes ctx unusable from that point on only: the check
// before it counts for the event before it; after it (and after apply,
// which makes the check stale), the function holds no usable context, so
// the event there makes it an emitter.
func (r *R) withoutCancelLater(ctx context.Context) error { // want withoutCancelLater:`emitter`
	if errors.Is(ctx.Err(), context.Canceled) {
		return nil
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded, before WithoutCancel")
	err := apply(ctx)
	ctx = context.WithoutCancel(ctx)
	if ctx.Err() != nil {
		return err // no check: shutdown never reaches this context
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "no usable context here")
	return err
}

func (r *R) callsWithoutCancelLater(ctx context.Context) {
	_ = r.withoutCancelLater(ctx) // want `r.withoutCancelLater\(ctx\) emits an event`
}

// WithoutCancel on one path only: the context may still be usable, so the
// function holds one, but a check on it counts on neither path.
func (r *R) withoutCancelOnePath(ctx context.Context, detach bool) {
	if detach {
		ctx = context.WithoutCancel(ctx)
	}
	if ctx.Err() != nil {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "WithoutCancelOnePath", "ctx may be detached") // want `event "WithoutCancelOnePath" emitted by r\.rec\.Event is not guarded`
}

// A context derived from Background by any function that is handed no
// usable one is not usable: the function is an emitter.
func (r *R) loggerIntoBackground() { // want loggerIntoBackground:`emitter`
	ctx := ctrl.LoggerInto(context.Background(), r.log)
	if ctx.Err() != nil {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "no usable context")
}

func (r *R) callsLoggerIntoBackground(ctx context.Context) {
	r.loggerIntoBackground() // want `r.loggerIntoBackground\(\) emits an event`
}

// The same function handed the reconcile context keeps it usable.
func (r *R) loggerIntoReconcile(ctx context.Context) {
	ctx = ctrl.LoggerInto(ctx, r.log)
	r.rec.Event(r.obj, corev1.EventTypeWarning, "LoggerIntoReconcile", "usable") // want `event "LoggerIntoReconcile" emitted by r\.rec\.Event is not guarded`
}

var bg = context.Background()

// A package-level context is never usable.
func (r *R) packageLevel() { // want packageLevel:`emitter`
	if bg.Err() != nil {
		return
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "bg is not usable")
}

func (r *R) callsPackageLevel(ctx context.Context) {
	if !errors.Is(ctx.Err(), context.Canceled) {
		r.packageLevel()
	}
	r.packageLevel() // want `r.packageLevel\(\) emits an event`
}

// A context variable declared without a value holds nil until assigned.
func (r *R) declaredLater(get func() context.Context) { // want declaredLater:`runs\(0\)`
	var ctx context.Context
	ctx = get()
	r.rec.Event(r.obj, corev1.EventTypeWarning, "DeclaredLater", "assigned before the call") // want `event "DeclaredLater" emitted by r\.rec\.Event is not guarded`
	_ = ctx
}
