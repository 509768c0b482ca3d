//golangcitest:args -Ectxnotify
//golangcitest:config_path testdata/ctxnotify/ctxnotify_custom.yml
package custom

import (
	"context"
	"errors"
	"fmt"

	"k8s.io/client-go/tools/record"
)

type Reconciler struct {
	Recorder record.EventRecorder
}

func (r *Reconciler) Reconcile(ctx context.Context, name string) error {
	if err := r.sync(ctx, name); err != nil {
		Page(fmt.Sprintf("sync %s: %v", name, err)) // want `event emitted by Page is not guarded`
		return err
	}
	r.generatedStatus(ctx)
	if Running(ctx) { // a guard, by the guards setting
		r.Recorder.Event(nil, "Normal", "Synced", name)
	}
	if ctx.Err() != nil { // want `this check also skips events when the context times out`
		return nil
	}
	r.Recorder.Event(nil, "Normal", "Done", name)
	return nil
}

// Syncer.Sync is reconcile code by the roots setting.
type Syncer struct {
	Recorder record.EventRecorder
}

func (s *Syncer) Sync(ctx context.Context) {
	s.Recorder.Event(nil, "Normal", "Synced", "synced") // want `event "Synced" emitted by s\.Recorder\.Event is not guarded against context cancellation`
}

// Heartbeat.Start is outside reconcile code: scope "reconcile" leaves it.
type Heartbeat struct {
	Recorder record.EventRecorder
}

func (h *Heartbeat) Start(ctx context.Context) error {
	h.Recorder.Event(nil, "Normal", "Started", "started")
	<-ctx.Done()
	return nil
}

// Page notifies a person: a sink by the sinks setting.
func Page(msg string) { _ = msg }

// Running reports whether ctx is still live: true means not cancelled.
func Running(ctx context.Context) bool { return !errors.Is(ctx.Err(), context.Canceled) }

func (r *Reconciler) sync(ctx context.Context, name string) error {
	return fmt.Errorf("sync %s: %w", name, ctx.Err())
}
