package controller

import (
	"context"
	"errors"
	"fmt"
	"slices"

	fluxevents "github.com/fluxcd/pkg/runtime/events"
	corev1 "k8s.io/api/core/v1"
	apimeta "k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "example.com/controllers/api/v1"
)

// TagLister lists the tags of an image repository.
type TagLister func(ctx context.Context, image string) ([]string, error)

// ImageRepositoryReconciler scans image repositories for tags, in the
// shape of Flux's image-reflector-controller: the reconciliation reports
// its outcome from a function it defers first, and then bounds the scan
// with the object's timeout, reassigning its ctx.
type ImageRepositoryReconciler struct {
	client.Client
	EventRecorder fluxevents.Recorder
	ListTags      TagLister
}

// SetupWithManager registers the reconciler.
func (r *ImageRepositoryReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&v1.ImageRepository{}).
		Complete(r)
}

// Reconcile implements reconcile.Reconciler.
func (r *ImageRepositoryReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &v1.ImageRepository{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return r.reconcile(ctx, obj)
}

func (r *ImageRepositoryReconciler) reconcile(ctx context.Context, obj *v1.ImageRepository) (result ctrl.Result, retErr error) {
	oldObj := obj.DeepCopy()
	// Announce the outcome on the way out. The function reads ctx when
	// reconcile returns: after the scan timeout below has been cancelled.
	defer func() {
		r.notify(ctx, oldObj, obj, retErr) // finding: hands notify the scan context, which the deferred cancel has cancelled
	}()

	ctx, cancel := context.WithTimeout(ctx, obj.GetTimeout())
	defer cancel()

	patch := client.MergeFrom(oldObj)
	tags, err := r.ListTags(ctx, obj.Spec.Image)
	if err != nil {
		apimeta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionFalse, Reason: "ScanFailed", Message: err.Error()})
		return ctrl.Result{}, errors.Join(err, r.Status().Patch(ctx, obj, patch))
	}
	slices.Sort(tags)
	obj.Status.LastScanResult = &v1.ScanResult{TagCount: len(tags), LatestTags: tags[max(0, len(tags)-3):]}
	obj.Status.ObservedGeneration = obj.Generation
	apimeta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Succeeded", Message: fmt.Sprintf("found %d tags", len(tags))})
	if err := r.Status().Patch(ctx, obj, patch); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: obj.Spec.Interval.Duration}, nil
}

// notify announces a failed scan, and a scan that found other tags.
func (r *ImageRepositoryReconciler) notify(ctx context.Context, oldObj, obj *v1.ImageRepository, err error) {
	if err != nil {
		r.eventLogf(ctx, obj, corev1.EventTypeWarning, "ScanFailed", "scan failed: %s", err)
		return
	}
	if oldObj.Status.LastScanResult == nil || oldObj.Status.LastScanResult.TagCount != obj.Status.LastScanResult.TagCount {
		r.eventLogf(ctx, obj, corev1.EventTypeNormal, "Succeeded", "successful scan: found %d tags", obj.Status.LastScanResult.TagCount)
	}
}

// eventLogf logs the event and records it.
func (r *ImageRepositoryReconciler) eventLogf(ctx context.Context, obj *v1.ImageRepository, eventType, reason, messageFmt string, args ...any) {
	msg := fmt.Sprintf(messageFmt, args...)
	if eventType == corev1.EventTypeWarning {
		ctrl.LoggerFrom(ctx).Error(errors.New(msg), reason)
	} else {
		ctrl.LoggerFrom(ctx).Info(msg, "reason", reason)
	}
	r.EventRecorder.AnnotatedEventf(obj, nil, map[string]string{"image": obj.Spec.Image}, eventType, reason, "Scan", "%s", msg) // finding: no check before the event
}
