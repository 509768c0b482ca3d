// Stub of k8s.io/api/core/v1 for tests: same package path, names and
// signatures as the real package, trivial bodies.

package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Valid values for event types (new types could be added in future).
const (
	// Information only and will not cause any problems
	EventTypeNormal string = "Normal"
	// These events are to warn that something might go wrong
	EventTypeWarning string = "Warning"
)

// Event is a report of an event somewhere in the cluster (a subset of its
// fields).
type Event struct {
	metav1.TypeMeta
	metav1.ObjectMeta

	InvolvedObject ObjectReference
	Reason         string
	Message        string
	Type           string
	Action         string
	Related        *ObjectReference
}

// ObjectReference contains enough information to let you inspect or modify
// the referred object (a subset of its fields).
type ObjectReference struct {
	Kind      string
	Namespace string
	Name      string
}

// ConfigMap holds configuration data for pods to consume.
type ConfigMap struct {
	metav1.TypeMeta
	metav1.ObjectMeta

	Immutable  *bool
	Data       map[string]string
	BinaryData map[string][]byte
}

// DeepCopyObject copies the receiver, creating a new runtime.Object.
func (in *ConfigMap) DeepCopyObject() runtime.Object {
	if in == nil {
		return nil
	}
	out := *in
	return &out
}
