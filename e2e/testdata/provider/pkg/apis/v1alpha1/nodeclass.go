// Package v1alpha1 holds the provider's API: the NodeClass that a
// Karpenter NodePool refers to for the cloud settings of its nodes.
package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// GroupVersion is the API group and version of the provider's types.
var GroupVersion = schema.GroupVersion{Group: "compute.example.com", Version: "v1alpha1"}

// TerminationFinalizer keeps a NodeClass until no NodeClaim uses it.
const TerminationFinalizer = "compute.example.com/termination"

// NodeClass is the cloud configuration of the nodes Karpenter launches.
type NodeClass struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   NodeClassSpec   `json:"spec,omitempty"`
	Status NodeClassStatus `json:"status,omitempty"`
}

// NodeClassSpec selects the images and subnets of the nodes.
type NodeClassSpec struct {
	ImageFamily    string            `json:"imageFamily"`
	SubnetSelector map[string]string `json:"subnetSelector,omitempty"`
	Role           string            `json:"role"`
}

// NodeClassStatus is what the selectors resolved to.
type NodeClassStatus struct {
	Images  []Image  `json:"images,omitempty"`
	Subnets []Subnet `json:"subnets,omitempty"`
}

// Image is a machine image nodes can boot from.
type Image struct {
	ID           string `json:"id"`
	Architecture string `json:"architecture"`
}

// Subnet is a subnet nodes can be launched in.
type Subnet struct {
	ID   string `json:"id"`
	Zone string `json:"zone"`
	Free int    `json:"free"`
}

// NodeClassList is a list of NodeClasses.
type NodeClassList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []NodeClass `json:"items"`
}

// DeepCopyInto copies nc into out.
func (nc *NodeClass) DeepCopyInto(out *NodeClass) {
	*out = *nc
	out.TypeMeta = nc.TypeMeta
	nc.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	if nc.Spec.SubnetSelector != nil {
		out.Spec.SubnetSelector = make(map[string]string, len(nc.Spec.SubnetSelector))
		for k, v := range nc.Spec.SubnetSelector {
			out.Spec.SubnetSelector[k] = v
		}
	}
	out.Status.Images = append([]Image(nil), nc.Status.Images...)
	out.Status.Subnets = append([]Subnet(nil), nc.Status.Subnets...)
}

// DeepCopy returns a copy of nc.
func (nc *NodeClass) DeepCopy() *NodeClass {
	if nc == nil {
		return nil
	}
	out := new(NodeClass)
	nc.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (nc *NodeClass) DeepCopyObject() runtime.Object { return nc.DeepCopy() }

// DeepCopyObject implements runtime.Object.
func (l *NodeClassList) DeepCopyObject() runtime.Object {
	if l == nil {
		return nil
	}
	out := &NodeClassList{TypeMeta: l.TypeMeta}
	l.ListMeta.DeepCopyInto(&out.ListMeta)
	for i := range l.Items {
		out.Items = append(out.Items, *l.Items[i].DeepCopy())
	}
	return out
}
