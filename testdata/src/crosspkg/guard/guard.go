package guard

// Shared guard functions. This package imports no sink package: it is
// only scanned for guard functions.

import (
	"context"
	"errors"
)

// ShuttingDown reports whether the context was cancelled.
func ShuttingDown(ctx context.Context) bool { // want ShuttingDown:`guard\(param=0, true={canceled}, false={live,timedOut}\)`
	return errors.Is(ctx.Err(), context.Canceled)
}
