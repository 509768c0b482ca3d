//golangcitest:args -Ectxnotify
//golangcitest:config_path testdata/ctxnotify/ctxnotify.yml
package defaults

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
		r.Recorder.Eventf(nil, "Warning", "SyncFailed", "sync %s: %v", name, err) // want `event "SyncFailed" emitted by r\.Recorder\.Eventf is not guarded against context cancellation`
		r.notify("NotifyFailed")                                                  // want `r\.notify\("NotifyFailed"\) emits an event \(r\.Recorder\.Event at ctxnotify\.go:\d+\) without a cancellation check`
		return err
	}
	if !errors.Is(ctx.Err(), context.Canceled) {
		r.Recorder.Event(nil, "Normal", "Synced", fmt.Sprintf("synced %s", name))
	}
	if ctx.Err() != nil { // counts as a check: strict is off
		return nil
	}
	r.Recorder.Event(nil, "Normal", "Done", name)
	return nil
}

// Start runs outside Reconcile: scope "all" checks it too.
func (r *Reconciler) Start(ctx context.Context) error {
	r.Recorder.Event(nil, "Normal", "Started", "started") // want `event "Started" emitted by r\.Recorder\.Event is not guarded against context cancellation`
	<-ctx.Done()
	return nil
}

func (r *Reconciler) notify(reason string) {
	r.Recorder.Event(nil, "Warning", reason, "failed")
}

func (r *Reconciler) sync(ctx context.Context, name string) error {
	return fmt.Errorf("sync %s: %w", name, ctx.Err())
}
