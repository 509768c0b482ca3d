// Stub of k8s.io/apimachinery/pkg/runtime for tests: same package path,
// names and signatures as the real package, trivial bodies.

package runtime

import "k8s.io/apimachinery/pkg/runtime/schema"

// Object is the interface every API type implements.
type Object interface {
	GetObjectKind() schema.ObjectKind
	DeepCopyObject() Object
}

// Scheme maps Go types to API kinds (opaque in this stub).
type Scheme struct{}

// NewScheme creates a new Scheme.
func NewScheme() *Scheme { return &Scheme{} }
