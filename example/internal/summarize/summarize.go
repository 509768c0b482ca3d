// Package summarize turns the outcome of a reconciliation into a status
// patch, a controller-runtime result and events.
package summarize

import (
	"context"
	"errors"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	kevents "k8s.io/client-go/tools/events"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"example.com/controllers/internal/guard"
)

// Result is the abstract outcome of a (sub-)reconciliation.
type Result int

const (
	// ResultEmpty means nothing was decided yet.
	ResultEmpty Result = iota
	// ResultRequeue asks for an immediate requeue.
	ResultRequeue
	// ResultSuccess means the object is up to date.
	ResultSuccess
)

// StallingError is returned when retrying cannot help until the object
// changes.
type StallingError struct {
	Reason string
	Err    error
}

func (e *StallingError) Error() string { return e.Reason + ": " + e.Err.Error() }

func (e *StallingError) Unwrap() error { return e.Err }

// ResultProcessor reacts to the outcome of a reconciliation, for instance
// by emitting events.
type ResultProcessor func(ctx context.Context, recorder kevents.EventRecorder, obj runtime.Object, res Result, err error)

// Option configures SummarizeAndPatch.
type Option func(*options)

type options struct {
	processors []ResultProcessor
	result     Result
	err        error
	interval   time.Duration
}

// WithProcessors adds result processors, called in order.
func WithProcessors(p ...ResultProcessor) Option {
	return func(o *options) { o.processors = append(o.processors, p...) }
}

// WithResult sets the outcome of the reconciliation.
func WithResult(res Result, err error) Option {
	return func(o *options) { o.result, o.err = res, err }
}

// WithInterval sets the requeue interval of a successful reconciliation.
func WithInterval(d time.Duration) Option {
	return func(o *options) { o.interval = d }
}

// Helper summarizes and patches objects of one controller.
type Helper struct {
	recorder kevents.EventRecorder
	client   client.Client
}

// NewHelper returns a Helper.
func NewHelper(recorder kevents.EventRecorder, c client.Client) *Helper {
	return &Helper{recorder: recorder, client: c}
}

// SummarizeAndPatch runs the result processors, patches the status of obj
// and computes the result to hand back to controller-runtime.
func (h *Helper) SummarizeAndPatch(ctx context.Context, obj client.Object, patch client.Patch, opts ...Option) (ctrl.Result, error) {
	o := &options{}
	for _, opt := range opts {
		opt(o)
	}
	for _, process := range o.processors {
		process(ctx, h.recorder, obj, o.result, o.err)
	}

	if err := h.client.Status().Patch(ctx, obj, patch); err != nil {
		h.recorder.Eventf(obj, nil, corev1.EventTypeWarning, "PatchFailed", "PatchStatus", "failed to patch status: %s", err) // finding: the patch fails with "context canceled" at shutdown
		return ctrl.Result{}, errors.Join(o.err, err)
	}

	var stalling *StallingError
	switch {
	case errors.As(o.err, &stalling):
		return ctrl.Result{}, nil
	case o.err != nil:
		return ctrl.Result{}, o.err
	case o.result == ResultRequeue:
		return ctrl.Result{RequeueAfter: time.Second}, nil
	default:
		return ctrl.Result{RequeueAfter: o.interval}, nil
	}
}

// RecordContextualError emits a Warning event for a failed reconciliation.
func RecordContextualError(ctx context.Context, recorder kevents.EventRecorder, obj runtime.Object, _ Result, err error) {
	if err == nil || guard.ShuttingDown(ctx) {
		return
	}
	recorder.Eventf(obj, nil, corev1.EventTypeWarning, "ReconciliationFailed", "Reconcile", "%s", err) // guarded
}

// RecordReadiness emits a Normal event when the object became ready.
func RecordReadiness(ctx context.Context, recorder kevents.EventRecorder, obj runtime.Object, res Result, err error) {
	if err != nil || res != ResultSuccess {
		return
	}
	recorder.Eventf(obj, nil, corev1.EventTypeNormal, "Ready", "Reconcile", "reconciliation succeeded") // finding: a processor holding ctx without a check
}

// ErrorActionHandler emits an event whose type depends on the kind of error.
func ErrorActionHandler(ctx context.Context, recorder kevents.EventRecorder, obj runtime.Object, _ Result, err error) {
	var stalling *StallingError
	switch {
	case err == nil:
		return
	case errors.As(err, &stalling):
		recorder.Eventf(obj, nil, corev1.EventTypeWarning, stalling.Reason, "Reconcile", "stalled: %s", stalling.Err) // finding: no check on this branch
	default:
		if !errors.Is(ctx.Err(), context.Canceled) {
			recorder.Eventf(obj, nil, corev1.EventTypeWarning, "ReconciliationError", "Reconcile", "%s", err) // guarded
		}
	}
}
