// Stub of sigs.k8s.io/controller-runtime for tests: same package path,
// names and signatures as the real package (a subset), trivial bodies.

package controllerruntime

import (
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Result contains the result of a Reconciler invocation.
type Result = reconcile.Result

// Request contains the information necessary to reconcile a Kubernetes object.
type Request = reconcile.Request

var (
	// LoggerFrom returns a logger with predefined values from a context.Context.
	LoggerFrom = log.FromContext

	// LoggerInto takes a context and sets the logger as one of its keys.
	LoggerInto = log.IntoContext
)
