// Stub of k8s.io/apimachinery/pkg/runtime/schema for tests: same package path,
// names and signatures as the real package, trivial bodies.

package schema

// GroupVersionKind unambiguously identifies a kind.
type GroupVersionKind struct {
	Group   string
	Version string
	Kind    string
}

// ObjectKind is used by serialization to set type information.
type ObjectKind interface {
	SetGroupVersionKind(kind GroupVersionKind)
	GroupVersionKind() GroupVersionKind
}
