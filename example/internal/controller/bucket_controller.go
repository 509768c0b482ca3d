package controller

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"slices"

	fluxevents "github.com/fluxcd/pkg/runtime/events"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/recorder"

	v1 "example.com/controllers/api/v1"
	"example.com/controllers/internal/events"
)

// Lister lists the object keys of a bucket.
type Lister func(ctx context.Context, endpoint, bucket string) ([]string, error)

// BucketReconciler packages the content of object storage buckets. It is an
// object reconciler; its Kubernetes events go through the recorder that
// controller-runtime's mgr.GetEventRecorder returns, its notifications for
// users through Flux's recorder.
type BucketReconciler struct {
	client.Client
	Recorder recorder.EventRecorder
	Notify   fluxevents.Recorder
	List     Lister
}

var _ reconcile.ObjectReconciler[*v1.Bucket] = &BucketReconciler{}

// SetupWithManager registers the reconciler.
func (r *BucketReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&v1.Bucket{}).
		Complete(reconcile.AsReconciler[*v1.Bucket](mgr.GetClient(), r))
}

// Reconcile implements reconcile.ObjectReconciler.
func (r *BucketReconciler) Reconcile(ctx context.Context, obj *v1.Bucket) (_ reconcile.Result, retErr error) {
	patch := client.MergeFrom(obj.DeepCopy())
	// Patch the status and report the outcome on the way out, unless the
	// controller is shutting down.
	defer func() {
		if errors.Is(ctx.Err(), context.Canceled) {
			return // shutting down: the next run reports
		}
		if err := r.Status().Patch(ctx, obj, patch); err != nil {
			retErr = errors.Join(retErr, err)
		}
		if retErr != nil {
			r.Notify.Eventf(obj, nil, corev1.EventTypeWarning, "ReconciliationFailed", "Reconcile", "%s", retErr) // finding: the status patch after the check fails with "context canceled" at shutdown
		}
	}()

	keys, err := r.List(ctx, obj.Spec.Endpoint, obj.Spec.BucketName)
	if err != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			r.Recorder.Eventf(obj, nil, corev1.EventTypeWarning, "ListTimeout", "ListObjects", "listing bucket %s timed out", obj.Spec.BucketName) // guarded: the context timed out, it was not cancelled; a timeout still notifies
			return reconcile.Result{}, err
		}
		r.Recorder.AnnotatedEventf(obj, nil, map[string]string{"endpoint": obj.Spec.Endpoint}, corev1.EventTypeWarning, "ListFailed", "ListObjects", "failed to list bucket %s: %s", obj.Spec.BucketName, err) // finding: controller-runtime's recorder.EventRecorder
		return reconcile.Result{}, err
	}

	slices.Sort(keys)
	revision := fmt.Sprintf("%x", sha256.Sum256(fmt.Append(nil, keys)))
	obj.Status.Artifact = &v1.Artifact{Path: obj.Namespace + "/" + obj.Name + "/" + revision, Revision: revision}
	obj.Status.ObservedGeneration = obj.Generation
	if err := r.Status().Patch(ctx, obj, patch); err != nil {
		if !apierrors.IsNotFound(err) && !errors.Is(ctx.Err(), context.Canceled) {
			r.Recorder.Eventf(obj, nil, corev1.EventTypeWarning, "PatchFailed", "PatchStatus", "failed to patch status: %s", err) // guarded
		}
		return reconcile.Result{}, err
	}

	// Verify in the background that every listed object can be read.
	go func() {
		if missing := r.verify(keys); len(missing) > 0 {
			r.Recorder.Eventf(obj, nil, corev1.EventTypeWarning, "VerificationFailed", "Verify", "%d objects cannot be read", len(missing)) // finding: goroutine without its own check
		}
	}()

	events.RecordWithContext(ctx, r.Notify, obj, nil, events.SeverityInfo, "ArtifactStored", "Store", "stored revision "+revision) // guarded: RecordWithContext checks the context itself
	return reconcile.Result{RequeueAfter: obj.Spec.Interval.Duration}, nil
}

// verify returns the keys that do not look like object names.
func (r *BucketReconciler) verify(keys []string) []string {
	var missing []string
	for _, k := range keys {
		if k == "" {
			missing = append(missing, k)
		}
	}
	return missing
}
