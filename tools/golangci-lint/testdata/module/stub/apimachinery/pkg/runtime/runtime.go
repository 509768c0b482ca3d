// Package runtime stands in for k8s.io/apimachinery/pkg/runtime: the same
// package path and the Object interface, reduced to one method.
package runtime

// Object is a Kubernetes object.
type Object interface {
	DeepCopyObject() Object
}
