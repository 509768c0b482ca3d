package configured // want package:"reachesSinks" package:`checks\(Reconcile\[0\]\)`

// Sinks and guards added by configuration.

import (
	"context"
	"errors"
)

// Notifier posts to a chat channel: a sink by -sinks.
type Notifier struct{}

func (*Notifier) Send(msg string) {}

// Alert pages someone: a sink by -sinks.
func Alert(msg string) {}

// Stopping and Running are guards by -guards; their bodies are opaque.
func Stopping(ctx context.Context) bool { return stopping(ctx) }
func Running(ctx context.Context) bool  { return !stopping(ctx) }

var stopping = func(ctx context.Context) bool { return errors.Is(ctx.Err(), context.Canceled) }

func Reconcile(ctx context.Context, n *Notifier) {
	n.Send("failed") // want `event emitted by n.Send is not guarded`
	Alert("failed")  // want `event emitted by Alert is not guarded`
	// A configured sink has no event type: it always notifies, and its
	// message says no more than that.
	Alert("Trace") // want `event emitted by Alert is not guarded against context cancellation: during shutdown it still sends a notification; check`
	if Running(ctx) {
		Alert("guarded")
	}
	if Stopping(ctx) {
		return
	}
	n.Send("guarded")
}
