package v1

import (
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// GitRepositorySpec defines the Git repository to fetch.
type GitRepositorySpec struct {
	URL      string          `json:"url"`
	Branch   string          `json:"branch,omitempty"`
	Interval metav1.Duration `json:"interval"`
	Suspend  bool            `json:"suspend,omitempty"`
}

// GitRepositoryStatus records the observed state of a GitRepository.
type GitRepositoryStatus struct {
	ObservedGeneration int64              `json:"observedGeneration,omitempty"`
	Conditions         []metav1.Condition `json:"conditions,omitempty"`
	Artifact           *Artifact          `json:"artifact,omitempty"`
}

// GitRepository is a Git source whose revisions are packaged as artifacts.
type GitRepository struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   GitRepositorySpec   `json:"spec,omitempty"`
	Status GitRepositoryStatus `json:"status,omitempty"`
}

// GitRepositoryList is a list of GitRepository objects.
type GitRepositoryList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []GitRepository `json:"items"`
}

// BucketSpec defines the object storage bucket to fetch.
type BucketSpec struct {
	BucketName string          `json:"bucketName"`
	Endpoint   string          `json:"endpoint"`
	Interval   metav1.Duration `json:"interval"`
}

// BucketStatus records the observed state of a Bucket.
type BucketStatus struct {
	ObservedGeneration int64              `json:"observedGeneration,omitempty"`
	Conditions         []metav1.Condition `json:"conditions,omitempty"`
	Artifact           *Artifact          `json:"artifact,omitempty"`
}

// Bucket is an object storage source.
type Bucket struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   BucketSpec   `json:"spec,omitempty"`
	Status BucketStatus `json:"status,omitempty"`
}

// BucketList is a list of Bucket objects.
type BucketList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Bucket `json:"items"`
}

// HelmReleaseSpec defines the chart release to keep installed.
type HelmReleaseSpec struct {
	Chart    string            `json:"chart"`
	Version  string            `json:"version,omitempty"`
	Values   map[string]string `json:"values,omitempty"`
	Interval metav1.Duration   `json:"interval"`
	Timeout  *metav1.Duration  `json:"timeout,omitempty"`
}

// HelmReleaseStatus records the observed state of a HelmRelease.
type HelmReleaseStatus struct {
	ObservedGeneration int64              `json:"observedGeneration,omitempty"`
	Conditions         []metav1.Condition `json:"conditions,omitempty"`
	LastAttempted      string             `json:"lastAttemptedRevision,omitempty"`
	InstalledRevision  string             `json:"installedRevision,omitempty"`
	Failures           int64              `json:"failures,omitempty"`
}

// HelmRelease keeps a Helm chart release installed and up to date.
type HelmRelease struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   HelmReleaseSpec   `json:"spec,omitempty"`
	Status HelmReleaseStatus `json:"status,omitempty"`
}

// HelmReleaseList is a list of HelmRelease objects.
type HelmReleaseList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []HelmRelease `json:"items"`
}

// ImageRepositorySpec defines the image repository to scan for tags.
type ImageRepositorySpec struct {
	Image    string           `json:"image"`
	Interval metav1.Duration  `json:"interval"`
	Timeout  *metav1.Duration `json:"timeout,omitempty"`
}

// ScanResult is what the last scan of an image repository found.
type ScanResult struct {
	TagCount   int      `json:"tagCount"`
	LatestTags []string `json:"latestTags,omitempty"`
}

// ImageRepositoryStatus records the observed state of an ImageRepository.
type ImageRepositoryStatus struct {
	ObservedGeneration int64              `json:"observedGeneration,omitempty"`
	Conditions         []metav1.Condition `json:"conditions,omitempty"`
	LastScanResult     *ScanResult        `json:"lastScanResult,omitempty"`
}

// ImageRepository is an image repository whose tags are scanned.
type ImageRepository struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   ImageRepositorySpec   `json:"spec,omitempty"`
	Status ImageRepositoryStatus `json:"status,omitempty"`
}

// ImageRepositoryList is a list of ImageRepository objects.
type ImageRepositoryList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []ImageRepository `json:"items"`
}

// ImagePolicySpec defines how the latest image of a repository is chosen.
type ImagePolicySpec struct {
	ImageRepositoryRef string          `json:"imageRepositoryRef"`
	TagPrefix          string          `json:"tagPrefix,omitempty"`
	Interval           metav1.Duration `json:"interval"`
}

// ImagePolicyStatus records the observed state of an ImagePolicy.
type ImagePolicyStatus struct {
	ObservedGeneration int64              `json:"observedGeneration,omitempty"`
	Conditions         []metav1.Condition `json:"conditions,omitempty"`
	LatestRef          string             `json:"latestRef,omitempty"`
}

// ImagePolicy chooses the latest image of an image repository.
type ImagePolicy struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   ImagePolicySpec   `json:"spec,omitempty"`
	Status ImagePolicyStatus `json:"status,omitempty"`
}

// ImagePolicyList is a list of ImagePolicy objects.
type ImagePolicyList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []ImagePolicy `json:"items"`
}

// GetTimeout returns the timeout of a scan: the spec's, else one minute.
func (in *ImageRepository) GetTimeout() time.Duration {
	if in.Spec.Timeout != nil {
		return in.Spec.Timeout.Duration
	}
	return time.Minute
}

func init() {
	SchemeBuilder.Register(
		&GitRepository{}, &GitRepositoryList{},
		&Bucket{}, &BucketList{},
		&HelmRelease{}, &HelmReleaseList{},
		&ImageRepository{}, &ImageRepositoryList{},
		&ImagePolicy{}, &ImagePolicyList{},
	)
}
