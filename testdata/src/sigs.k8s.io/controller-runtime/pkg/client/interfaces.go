// Stub of sigs.k8s.io/controller-runtime/pkg/client for tests: same package
// path, names and signatures as the real package (a subset of the Client
// methods), trivial bodies.

package client

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
)

// ObjectKey identifies a Kubernetes Object.
type ObjectKey = types.NamespacedName

// ObjectKeyFromObject returns the ObjectKey given a runtime.Object.
func ObjectKeyFromObject(obj Object) ObjectKey {
	return ObjectKey{Namespace: obj.GetNamespace(), Name: obj.GetName()}
}

// Object is a Kubernetes object, allows functions to work indistinctly with
// any resource that implements both Object interfaces.
type Object interface {
	metav1.Object
	runtime.Object
}

// Patch is a patch that can be applied to a Kubernetes object.
type Patch interface {
	Type() types.PatchType
	Data(obj Object) ([]byte, error)
}

// Reader knows how to read and list Kubernetes objects.
type Reader interface {
	Get(ctx context.Context, key ObjectKey, obj Object, opts ...GetOption) error
}

// Writer knows how to create, delete, and update Kubernetes objects.
type Writer interface {
	Update(ctx context.Context, obj Object, opts ...UpdateOption) error
	Patch(ctx context.Context, obj Object, patch Patch, opts ...PatchOption) error
}

// StatusClient knows how to create a client which can update status subresource
// for kubernetes objects.
type StatusClient interface {
	Status() SubResourceWriter
}

// StatusWriter is kept for backward compatibility.
type StatusWriter = SubResourceWriter

// SubResourceWriter knows how to update subresources of Kubernetes objects.
type SubResourceWriter interface {
	Create(ctx context.Context, obj Object, subResource Object, opts ...SubResourceCreateOption) error
	Update(ctx context.Context, obj Object, opts ...SubResourceUpdateOption) error
	Patch(ctx context.Context, obj Object, patch Patch, opts ...SubResourcePatchOption) error
}

// Client knows how to perform CRUD operations on Kubernetes objects.
type Client interface {
	Reader
	Writer
	StatusClient
}

// IgnoreNotFound returns nil on NotFound errors.
func IgnoreNotFound(err error) error { return err }
