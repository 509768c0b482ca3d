// Stub of sigs.k8s.io/controller-runtime/pkg/client for tests: same package
// path, names and signatures as the real package, trivial bodies.

package client

import "k8s.io/apimachinery/pkg/types"

type mergeFromPatch struct {
	from Object
}

func (s *mergeFromPatch) Type() types.PatchType { return types.MergePatchType }

func (s *mergeFromPatch) Data(obj Object) ([]byte, error) { return nil, nil }

// MergeFrom creates a Patch that patches using the merge-patch strategy with
// the given object as base.
func MergeFrom(obj Object) Patch {
	return &mergeFromPatch{from: obj}
}
