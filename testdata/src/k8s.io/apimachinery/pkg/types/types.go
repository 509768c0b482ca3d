// Stub of k8s.io/apimachinery/pkg/types for tests: same package path,
// names and signatures as the real package, trivial bodies.

package types

// NamespacedName comprises a resource name, with a mandatory namespace.
type NamespacedName struct {
	Namespace string
	Name      string
}

// String returns the general purpose string representation.
func (n NamespacedName) String() string { return n.Namespace + "/" + n.Name }

// UID is a type that holds unique ID values.
type UID string

// PatchType is the type of a patch.
type PatchType string

// Patch types.
const (
	JSONPatchType           PatchType = "application/json-patch+json"
	MergePatchType          PatchType = "application/merge-patch+json"
	StrategicMergePatchType PatchType = "application/strategic-merge-patch+json"
	ApplyPatchType          PatchType = "application/apply-patch+yaml"
)
