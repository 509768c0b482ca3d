package v1

import (
	"maps"
	"slices"

	"k8s.io/apimachinery/pkg/runtime"
)

// DeepCopy returns a deep copy of the GitRepository.
func (in *GitRepository) DeepCopy() *GitRepository {
	if in == nil {
		return nil
	}
	out := *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	out.Status.Conditions = slices.Clone(in.Status.Conditions)
	if in.Status.Artifact != nil {
		a := *in.Status.Artifact
		out.Status.Artifact = &a
	}
	return &out
}

// DeepCopyObject implements runtime.Object.
func (in *GitRepository) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyObject implements runtime.Object.
func (in *GitRepositoryList) DeepCopyObject() runtime.Object {
	out := *in
	in.ListMeta.DeepCopyInto(&out.ListMeta)
	out.Items = make([]GitRepository, len(in.Items))
	for i := range in.Items {
		out.Items[i] = *in.Items[i].DeepCopy()
	}
	return &out
}

// DeepCopy returns a deep copy of the Bucket.
func (in *Bucket) DeepCopy() *Bucket {
	if in == nil {
		return nil
	}
	out := *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	out.Status.Conditions = slices.Clone(in.Status.Conditions)
	if in.Status.Artifact != nil {
		a := *in.Status.Artifact
		out.Status.Artifact = &a
	}
	return &out
}

// DeepCopyObject implements runtime.Object.
func (in *Bucket) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyObject implements runtime.Object.
func (in *BucketList) DeepCopyObject() runtime.Object {
	out := *in
	in.ListMeta.DeepCopyInto(&out.ListMeta)
	out.Items = make([]Bucket, len(in.Items))
	for i := range in.Items {
		out.Items[i] = *in.Items[i].DeepCopy()
	}
	return &out
}

// DeepCopy returns a deep copy of the HelmRelease.
func (in *HelmRelease) DeepCopy() *HelmRelease {
	if in == nil {
		return nil
	}
	out := *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	out.Spec.Values = maps.Clone(in.Spec.Values)
	if in.Spec.Timeout != nil {
		t := *in.Spec.Timeout
		out.Spec.Timeout = &t
	}
	out.Status.Conditions = slices.Clone(in.Status.Conditions)
	return &out
}

// DeepCopyObject implements runtime.Object.
func (in *HelmRelease) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyObject implements runtime.Object.
func (in *HelmReleaseList) DeepCopyObject() runtime.Object {
	out := *in
	in.ListMeta.DeepCopyInto(&out.ListMeta)
	out.Items = make([]HelmRelease, len(in.Items))
	for i := range in.Items {
		out.Items[i] = *in.Items[i].DeepCopy()
	}
	return &out
}

// DeepCopy returns a deep copy of the ImageRepository.
func (in *ImageRepository) DeepCopy() *ImageRepository {
	if in == nil {
		return nil
	}
	out := *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	if in.Spec.Timeout != nil {
		t := *in.Spec.Timeout
		out.Spec.Timeout = &t
	}
	out.Status.Conditions = slices.Clone(in.Status.Conditions)
	if in.Status.LastScanResult != nil {
		r := *in.Status.LastScanResult
		r.LatestTags = slices.Clone(r.LatestTags)
		out.Status.LastScanResult = &r
	}
	return &out
}

// DeepCopyObject implements runtime.Object.
func (in *ImageRepository) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyObject implements runtime.Object.
func (in *ImageRepositoryList) DeepCopyObject() runtime.Object {
	out := *in
	in.ListMeta.DeepCopyInto(&out.ListMeta)
	out.Items = make([]ImageRepository, len(in.Items))
	for i := range in.Items {
		out.Items[i] = *in.Items[i].DeepCopy()
	}
	return &out
}

// DeepCopy returns a deep copy of the ImagePolicy.
func (in *ImagePolicy) DeepCopy() *ImagePolicy {
	if in == nil {
		return nil
	}
	out := *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	out.Status.Conditions = slices.Clone(in.Status.Conditions)
	return &out
}

// DeepCopyObject implements runtime.Object.
func (in *ImagePolicy) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyObject implements runtime.Object.
func (in *ImagePolicyList) DeepCopyObject() runtime.Object {
	out := *in
	in.ListMeta.DeepCopyInto(&out.ListMeta)
	out.Items = make([]ImagePolicy, len(in.Items))
	for i := range in.Items {
		out.Items[i] = *in.Items[i].DeepCopy()
	}
	return &out
}
