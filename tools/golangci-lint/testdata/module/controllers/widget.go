package controllers

import (
	"context"
	"errors"
	"fmt"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/record"

	"example.com/e2e/internal/notify"
)

// Widget is the object the reconciler manages.
type Widget struct{ Name string }

// DeepCopyObject makes Widget a runtime.Object.
func (w *Widget) DeepCopyObject() runtime.Object {
	c := *w
	return &c
}

// Request and Result mirror controller-runtime's.
type (
	Request struct{ Name string }
	Result  struct{ Requeue bool }
)

// WidgetReconciler reconciles widgets.
type WidgetReconciler struct {
	Recorder record.EventRecorder
}

// Reconcile syncs one widget.
func (r *WidgetReconciler) Reconcile(ctx context.Context, req Request) (Result, error) {
	obj := &Widget{Name: req.Name}
	if err := r.sync(ctx, obj); err != nil {
		r.Recorder.Eventf(obj, "Warning", "SyncFailed", "sync failed: %v", err) // finding: no check before the event
		return Result{}, err
	}
	if !errors.Is(ctx.Err(), context.Canceled) {
		r.Recorder.Event(obj, "Normal", "Synced", "widget synced")
	}
	notify.Warn(r.Recorder, obj, "Slow", "sync took long")      // finding: cross-package emitter
	defer r.Recorder.Event(obj, "Normal", "Done", "reconciled") // finding: a deferred event has no fix
	return Result{}, nil
}

func (r *WidgetReconciler) sync(ctx context.Context, obj *Widget) error {
	if obj.Name == "" {
		return fmt.Errorf("widget has no name")
	}
	return ctx.Err()
}
