// Stub of k8s.io/klog/v2 for tests: same package path, names and signatures
// as the real package, trivial bodies.

package klog

import (
	"context"

	"github.com/go-logr/logr"
)

// Logger in this package is exactly the same as logr.Logger.
type Logger = logr.Logger

// Level specifies a level of verbosity for V logs.
type Level int32

// FromContext retrieves a logger set by the caller or, if not set, the global
// logger.
func FromContext(ctx context.Context) Logger { return Logger{} }
