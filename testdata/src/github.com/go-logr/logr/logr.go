// Stub of github.com/go-logr/logr for tests: same package path, names and
// signatures as the real package, trivial bodies.

package logr

import "context"

// LogSink is the backend of a Logger (opaque in this stub).
type LogSink interface{}

// Logger is an interface to an abstract logging implementation.
type Logger struct {
	sink  LogSink
	level int
}

// Info logs a non-error message with the given key/value pairs as context.
func (l Logger) Info(msg string, keysAndValues ...any) {}

// Error logs an error, with the given message and key/value pairs as context.
func (l Logger) Error(err error, msg string, keysAndValues ...any) {}

// V returns a new Logger instance for a specific verbosity level.
func (l Logger) V(level int) Logger { return l }

// WithValues returns a new Logger instance with additional key/value pairs.
func (l Logger) WithValues(keysAndValues ...any) Logger { return l }

// WithName returns a new Logger instance with the specified name element added.
func (l Logger) WithName(name string) Logger { return l }

// Discard returns a Logger that discards all messages logged to it.
func Discard() Logger { return Logger{} }

// FromContext returns a Logger from ctx or an error if no Logger is found.
func FromContext(ctx context.Context) (Logger, error) { return Logger{}, nil }

// FromContextOrDiscard returns a Logger from ctx, or a discarding Logger.
func FromContextOrDiscard(ctx context.Context) Logger { return Logger{} }
