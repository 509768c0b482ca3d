// Package guard holds the shutdown checks shared by all controllers.
//
// A reconcile context is cancelled when the manager stops; a context that
// merely timed out is not "shutting down": a timeout is a real failure and
// must still be reported.
package guard

import (
	"context"
	"errors"
)

// ShuttingDown reports whether ctx was cancelled, which for a reconcile
// context means the manager is stopping.
func ShuttingDown(ctx context.Context) bool {
	return errors.Is(ctx.Err(), context.Canceled)
}

// Alive reports whether ctx has not been cancelled.
func Alive(ctx context.Context) bool {
	return !ShuttingDown(ctx)
}

// Stopped reports whether the cause of ctx's cancellation is a manager stop.
func Stopped(ctx context.Context) bool {
	return errors.Is(context.Cause(ctx), context.Canceled)
}
