// Package controller reconciles Buckets.
package controller

import (
	"context"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/tools/record"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	storagev1 "example.com/objectstore/api/v1"
)

// Fetcher mirrors the content of a bucket and returns the artifact's
// revision.
type Fetcher interface {
	Fetch(ctx context.Context, endpoint, bucket string) (string, error)
}

// BucketReconciler reconciles a Bucket object.
type BucketReconciler struct {
	client.Client
	Recorder record.EventRecorder
	Fetcher  Fetcher
}

// Reconcile mirrors the bucket and records the artifact in its status.
func (r *BucketReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var bucket storagev1.Bucket
	if err := r.Get(ctx, req.NamespacedName, &bucket); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	interval, err := time.ParseDuration(bucket.Spec.Interval)
	if err != nil {
		r.Recorder.Eventf(&bucket, corev1.EventTypeWarning, "InvalidInterval", "interval %q: %v", bucket.Spec.Interval, err) // finding
		return ctrl.Result{}, nil
	}

	revision, err := r.Fetcher.Fetch(ctx, bucket.Spec.Endpoint, bucket.Spec.Name)
	if err != nil {
		r.Recorder.Eventf(&bucket, corev1.EventTypeWarning, "FetchFailed", "fetching %s: %v", bucket.Spec.Name, err) // finding: the fetch fails with context canceled at shutdown
		return ctrl.Result{}, err
	}
	if revision != bucket.Status.Artifact {
		patch := client.MergeFrom(bucket.DeepCopy())
		bucket.Status.Artifact = revision
		if err := r.Status().Patch(ctx, &bucket, patch); err != nil {
			return ctrl.Result{}, fmt.Errorf("patching status: %w", err)
		}
		r.notifyRevision(&bucket, revision) // finding
	}
	return ctrl.Result{RequeueAfter: interval}, nil
}

// notifyRevision records that the bucket has new content.
func (r *BucketReconciler) notifyRevision(bucket *storagev1.Bucket, revision string) {
	r.Recorder.Eventf(bucket, corev1.EventTypeNormal, "NewArtifact", "stored artifact for revision %s", revision)
}

// Resync reconciles the bucket at key now.
func (r *BucketReconciler) Resync(ctx context.Context, key types.NamespacedName) error {
	_, err := r.Reconcile(ctx, ctrl.Request{NamespacedName: key})
	return err
}

// SetupWithManager registers the reconciler with the manager.
func (r *BucketReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&storagev1.Bucket{}).Complete(r)
}
