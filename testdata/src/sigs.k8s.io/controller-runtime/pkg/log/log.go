// Stub of sigs.k8s.io/controller-runtime/pkg/log for tests: same package
// path, names and signatures as the real package, trivial bodies.

package log

import (
	"context"

	"github.com/go-logr/logr"
)

// FromContext returns a logger with predefined values from a context.Context.
func FromContext(ctx context.Context, keysAndValues ...any) logr.Logger {
	return logr.Logger{}
}

// IntoContext takes a context and sets the logger as one of its values.
func IntoContext(ctx context.Context, log logr.Logger) context.Context {
	return ctx
}
