package remote // want package:"reachesSinks"

import "k8s.io/apimachinery/pkg/runtime"

// Sender is implemented only in another package: its package does not
// know that implementation, so Send is no emitter method (name it with
// the sinks setting).
type Sender interface {
	Send(obj runtime.Object, msg string)
}
