package controller

import (
	"context"
	"strings"

	fluxevents "github.com/fluxcd/pkg/runtime/events"
	corev1 "k8s.io/api/core/v1"
	apimeta "k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "example.com/controllers/api/v1"
)

// ImagePolicyReconciler chooses the latest image of an image repository,
// in the shape of Flux's ImagePolicy reconciler: it records each outcome
// with a direct call of its recorder, annotated with the policy.
type ImagePolicyReconciler struct {
	client.Client
	EventRecorder fluxevents.Recorder
}

// SetupWithManager registers the reconciler.
func (r *ImagePolicyReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&v1.ImagePolicy{}).
		Complete(r)
}

// Reconcile implements reconcile.Reconciler.
func (r *ImagePolicyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &v1.ImagePolicy{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	patch := client.MergeFrom(obj.DeepCopy())
	annotations := map[string]string{"tagPrefix": obj.Spec.TagPrefix}

	repo := &v1.ImageRepository{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: obj.Namespace, Name: obj.Spec.ImageRepositoryRef}, repo); err != nil {
		r.EventRecorder.AnnotatedEventf(obj, nil, annotations, corev1.EventTypeWarning, "DependencyNotReady", "Select", "cannot read image repository %s: %s", obj.Spec.ImageRepositoryRef, err) // finding: the get fails with "context canceled" at shutdown
		return ctrl.Result{}, err
	}
	if repo.Status.LastScanResult == nil {
		r.EventRecorder.AnnotatedEventf(obj, nil, annotations, corev1.EventTypeWarning, "DependencyNotReady", "Select", "image repository %s has not been scanned", repo.Name) // finding: after the get
		return ctrl.Result{RequeueAfter: obj.Spec.Interval.Duration}, nil
	}

	latest := ""
	for _, tag := range repo.Status.LastScanResult.LatestTags {
		if strings.HasPrefix(tag, obj.Spec.TagPrefix) && tag > latest {
			latest = tag
		}
	}
	if latest == "" {
		r.EventRecorder.AnnotatedEventf(obj, nil, annotations, corev1.EventTypeWarning, "NoMatchingTag", "Select", "no tag of %s starts with %q", repo.Spec.Image, obj.Spec.TagPrefix) // finding: after the get
		return ctrl.Result{RequeueAfter: obj.Spec.Interval.Duration}, nil
	}

	previous := obj.Status.LatestRef
	obj.Status.LatestRef = repo.Spec.Image + ":" + latest
	obj.Status.ObservedGeneration = obj.Generation
	apimeta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Succeeded", Message: "latest image " + obj.Status.LatestRef})
	if err := r.Status().Patch(ctx, obj, patch); err != nil {
		return ctrl.Result{}, err
	}
	if previous != obj.Status.LatestRef {
		r.EventRecorder.AnnotatedEventf(obj, nil, annotations, corev1.EventTypeNormal, "LatestImageChanged", "Select", "latest image is now %s", obj.Status.LatestRef) // finding: after the status patch
	}
	return ctrl.Result{RequeueAfter: obj.Spec.Interval.Duration}, nil
}
