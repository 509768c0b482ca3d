// Package v1 holds the Bucket API. Its deep-copy functions are generated
// by controller-gen (make generate), which this checkout has not run:
// Bucket is no runtime.Object yet, and the package does not type-check.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	// GroupVersion is the group and version of the API.
	GroupVersion = schema.GroupVersion{Group: "storage.example.com", Version: "v1"}

	// SchemeBuilder adds the API's types to a scheme.
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}

	// AddToScheme adds the API's types to a scheme.
	AddToScheme = SchemeBuilder.AddToScheme
)

// BucketSpec is the desired state of a Bucket.
type BucketSpec struct {
	Endpoint string `json:"endpoint"`
	Name     string `json:"bucketName"`
	Interval string `json:"interval,omitempty"`
}

// BucketStatus is the observed state of a Bucket.
type BucketStatus struct {
	Artifact   string             `json:"artifact,omitempty"`
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Bucket is an object storage bucket whose content the controller
// mirrors as an artifact.
type Bucket struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   BucketSpec   `json:"spec,omitempty"`
	Status BucketStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// BucketList is a list of Buckets.
type BucketList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Bucket `json:"items"`
}

func init() {
	SchemeBuilder.Register(&Bucket{}, &BucketList{})
}
