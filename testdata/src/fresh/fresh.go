package fresh // want package:"reachesSinks" package:`checks\(R\.Reconcile\[fix 0\]\)`

// A check guards an event only until the next call that is handed the
// context and can fail: after it, the check is stale.

import (
	"context"
	"errors"
	"time"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"

	"fresh/source"
)

type R struct {
	client client.Client
	rec    record.EventRecorder
	obj    *corev1.ConfigMap
	log    logr.Logger
}

func canceled(ctx context.Context) bool { // want canceled:`guard`
	return errors.Is(ctx.Err(), context.Canceled)
}

// The shape of the bug: a check at the top, a patch that fails with
// "context canceled" during shutdown, then the Warning event.
func (r *R) staleAfterPatch(ctx context.Context) {
	if errors.Is(ctx.Err(), context.Canceled) {
		return
	}
	if err := r.client.Status().Update(ctx, r.obj); err != nil {
		r.rec.Eventf(r.obj, corev1.EventTypeWarning, "PatchFailed", "%s", err) // want `event "PatchFailed" emitted by r.rec.Eventf after r.client.Status\(\).Update\(ctx, …\) \(line \d+\), which fails with context canceled during shutdown; the check at line \d+ no longer covers it: check errors.Is\(ctx.Err\(\), context.Canceled\) right before emitting`
	}
}

// A check after the call, or inside its error branch, is fresh.
func (r *R) checkAfterPatch(ctx context.Context) {
	err := r.client.Update(ctx, r.obj)
	if errors.Is(ctx.Err(), context.Canceled) {
		return
	}
	if err != nil {
		r.rec.Eventf(r.obj, corev1.EventTypeWarning, "UpdateFailed", "%s", err)
	}
	if err := r.client.Update(ctx, r.obj); err != nil {
		if !canceled(ctx) {
			r.rec.Eventf(r.obj, corev1.EventTypeWarning, "UpdateFailed", "%s", err)
		}
	}
}

// Calls that return no error, package context, context methods, checks and
// guards keep a check fresh.
func (r *R) accessors(ctx context.Context, timeout time.Duration) {
	if canceled(ctx) {
		return
	}
	logger := log.FromContext(ctx)
	_ = ctrl.LoggerFrom(ctx)
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	_ = ctx.Value("key")
	_ = canceled(ctx)
	_ = errors.Is(ctx.Err(), context.DeadlineExceeded)
	logger.Info("still fresh")
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded")
}

// A context derived from the reconcile context is handed on: stale.
func (r *R) derived(ctx context.Context) {
	if canceled(ctx) {
		return
	}
	_ = r.client.Get(ctrl.LoggerInto(ctx, r.log), client.ObjectKeyFromObject(r.obj), r.obj)
	r.rec.Event(r.obj, corev1.EventTypeWarning, "GetFailed", "x") // want `event "GetFailed" emitted by r.rec.Event after r.client.Get\(ctrl.LoggerInto\(ctx, r.log\), …\)`
}

// A call handed only a context that shutdown never reaches cannot fail
// with "context canceled": the check stays fresh.
func (r *R) background(ctx context.Context) {
	if canceled(ctx) {
		return
	}
	_ = r.client.Update(context.Background(), r.obj)
	_ = r.client.Update(context.WithoutCancel(ctx), r.obj)
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded")
}

func (r *R) reconcileSource(ctx context.Context) error { return nil }

// Helpers of the package and of another package, method values.
func (r *R) helpers(ctx context.Context, url string) {
	if canceled(ctx) {
		return
	}
	_ = source.Describe(url)
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "guarded: Describe is handed no context")
	if err := source.Fetch(ctx, url); err != nil {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "FetchFailed", err.Error()) // want `after source.Fetch\(ctx, …\)`
	}
	if canceled(ctx) {
		return
	}
	if err := r.reconcileSource(ctx); err != nil {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "SourceFailed", err.Error()) // want `after r.reconcileSource\(ctx\)`
	}
	if canceled(ctx) {
		return
	}
	update := r.client.Update
	if err := update(ctx, r.obj); err != nil {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "UpdateFailed", err.Error()) // want `after update\(ctx, …\)`
	}
}

// A check at the top of each iteration is fresh for that iteration.
func (r *R) loops(ctx context.Context, objs []*corev1.ConfigMap) {
	for _, obj := range objs {
		if canceled(ctx) {
			return
		}
		r.rec.Event(obj, corev1.EventTypeNormal, "Progressing", "guarded")
		if err := r.client.Update(ctx, obj); err != nil {
			r.rec.Event(obj, corev1.EventTypeWarning, "UpdateFailed", err.Error()) // want `after r.client.Update\(ctx, …\)`
		}
	}
}

// Order inside a condition: the init statement, then the operands.
func (r *R) ordering(ctx context.Context) {
	if err := r.client.Update(ctx, r.obj); err != nil && !canceled(ctx) {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "UpdateFailed", "guarded")
	}
	if !canceled(ctx) && r.client.Update(ctx, r.obj) != nil {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "UpdateFailed", "x") // want `after r.client.Update\(ctx, …\)`
	}
}

// The default arm of a select is a check; a call after it makes it stale.
func (r *R) selectDefault(ctx context.Context) {
	select {
	case <-ctx.Done():
		return
	default:
	}
	r.rec.Event(r.obj, corev1.EventTypeNormal, "Progressing", "guarded")
	if err := r.client.Update(ctx, r.obj); err != nil {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "UpdateFailed", err.Error()) // want `after r.client.Update\(ctx, …\)`
	}
}

// A deferred status-and-notify function that checks, then patches, then
// notifies: the patch makes the check stale.
func (r *R) Reconcile(ctx context.Context) (retErr error) {
	defer func() {
		if errors.Is(ctx.Err(), context.Canceled) {
			return
		}
		if err := r.client.Status().Update(ctx, r.obj); err != nil {
			retErr = err
		}
		if retErr != nil {
			r.rec.Event(r.obj, corev1.EventTypeWarning, "ReconciliationFailed", retErr.Error()) // want `event "ReconciliationFailed" emitted by r.rec.Event after r.client.Status\(\).Update\(ctx, …\)`
		}
	}()
	defer func() {
		if err := r.client.Status().Update(ctx, r.obj); err != nil {
			retErr = err
		}
		if retErr != nil && !canceled(ctx) {
			r.rec.Event(r.obj, corev1.EventTypeWarning, "ReconciliationFailed", retErr.Error())
		}
	}()
	if !canceled(ctx) {
		r.finish(ctx)
	}
	return nil
}

// finish is only called where the context was just checked (a guarded function): its
// body starts fresh, until its own update.
func (r *R) finish(ctx context.Context) {
	r.rec.Event(r.obj, corev1.EventTypeNormal, "Finishing", "guarded by the call site")
	if err := r.client.Update(ctx, r.obj); err != nil {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "FinishFailed", err.Error()) // want `after r.client.Update\(ctx, …\) \(line \d+\), which fails with context canceled during shutdown; the checks at the call sites of finish no longer cover it`
	}
}

// A call started in a goroutine does not make this path's check stale.
func (r *R) goroutine(ctx context.Context) {
	if canceled(ctx) {
		return
	}
	go r.client.Update(ctx, r.obj)
	r.rec.Event(r.obj, corev1.EventTypeNormal, "Started", "guarded")
}
