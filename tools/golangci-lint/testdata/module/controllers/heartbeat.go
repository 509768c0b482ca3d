package controllers

import (
	"context"

	"k8s.io/client-go/tools/record"

	"example.com/e2e/internal/pager"
)

// Heartbeat is a runnable the manager starts beside the reconcilers; no
// Reconcile method reaches it.
type Heartbeat struct {
	Recorder record.EventRecorder
}

// Start announces the heartbeat and waits for shutdown.
func (h *Heartbeat) Start(ctx context.Context) error {
	h.Recorder.Event(nil, "Normal", "Started", "heartbeat started") // finding: a runnable, checked in scope all
	pager.Page("heartbeat started")                                 // a sink once configured
	<-ctx.Done()
	return nil
}
