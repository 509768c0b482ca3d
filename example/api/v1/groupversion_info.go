// Package v1 contains the API types of the source and helm controllers.
package v1

import (
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	// GroupVersion is the group version used to register these objects.
	GroupVersion = schema.GroupVersion{Group: "toolkit.example.com", Version: "v1"}

	// SchemeBuilder adds the types of this group version to a scheme.
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}

	// AddToScheme adds the types in this group version to the given scheme.
	AddToScheme = SchemeBuilder.AddToScheme
)

// Condition types and reasons shared by all kinds.
const (
	ReadyCondition   = "Ready"
	StalledCondition = "Stalled"

	SucceededReason   = "Succeeded"
	FailedReason      = "Failed"
	ProgressingReason = "Progressing"
)

// Artifact is the output of a source reconciliation.
type Artifact struct {
	Path     string `json:"path"`
	Revision string `json:"revision"`
	Digest   string `json:"digest,omitempty"`
}
