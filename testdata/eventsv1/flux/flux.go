package flux // want package:"reachesSinks" package:`checks\(Reconciler\.Reconcile\[0\]\)`

// A Flux-style reconciler on runtime v0.117's events.Recorder: helpers,
// fresh checks, rule 3 and directives on the new calls.

import (
	"context"
	"errors"

	fluxevents "github.com/fluxcd/pkg/runtime/events"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"eventsv1/notify"
)

type Reconciler struct {
	client.Client
	fluxevents.Recorder
	artifacts fluxevents.Recorder
}

func (r *Reconciler) Reconcile(ctx context.Context, obj *corev1.ConfigMap) error {
	if err := r.Update(ctx, obj); err != nil {
		r.AnnotatedEventf(obj, nil, map[string]string{"revision": "v1"}, corev1.EventTypeWarning, "UpdateFailed", "Reconcile", "%s", err) // want `event "UpdateFailed" emitted by r.AnnotatedEventf is not guarded`
		return err
	}
	if errors.Is(ctx.Err(), context.Canceled) {
		return ctx.Err()
	}
	if err := r.Status().Update(ctx, obj); err != nil {
		r.artifacts.AnnotatedEventf(obj, nil, nil, corev1.EventTypeWarning, "StatusFailed", "Reconcile", "%s", err) // want `event "StatusFailed" emitted by r.artifacts.AnnotatedEventf after r.Status\(\).Update\(ctx, …\) \(line 31\)`
	}
	if err := r.Update(ctx, obj); err != nil {
		notify.Revision(r.Recorder, obj, "v1", "RevisionFailed", err.Error()) // want `notify.Revision\(r.Recorder, obj, "v1", "RevisionFailed", err.Error\(\)\) emits an event \(rec.AnnotatedEventf at notify.go:14\)`
		if !errors.Is(ctx.Err(), context.Canceled) {
			notify.Revision(r.Recorder, obj, "v1", "RevisionFailed", err.Error())
			r.finish(obj, "Failed")
		}
		return err
	}
	r.Eventf(obj, nil, corev1.EventTypeNormal, "Progressing", "Reconcile", "sent once at start-up") //ctxnotify:ignore sent before any API call
	return nil
}

// finish is guarded by its only caller: no emitter, no finding.
func (r *Reconciler) finish(obj *corev1.ConfigMap, reason string) {
	r.AnnotatedEventf(obj, nil, nil, corev1.EventTypeWarning, reason, "Finish", "done")
}

// Finalize calls finishLater only after a fresh check: rule 3.
func (r *Reconciler) Finalize(ctx context.Context, obj *corev1.ConfigMap) {
	if ctx.Err() != nil {
		return
	}
	r.finishLater(obj)
}

func (r *Reconciler) finishLater(obj *corev1.ConfigMap) {
	r.Eventf(obj, nil, corev1.EventTypeNormal, "Finalized", "Finalize", "done")
}
