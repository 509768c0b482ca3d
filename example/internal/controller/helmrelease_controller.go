package controller

import (
	"context"
	"errors"
	"time"

	fluxevents "github.com/fluxcd/pkg/runtime/events"
	corev1 "k8s.io/api/core/v1"
	apimeta "k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	kuberecorder "k8s.io/client-go/tools/record"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	v1 "example.com/controllers/api/v1"
	"example.com/controllers/internal/action"
	"example.com/controllers/internal/guard"
)

// HelmFinalizer lets the controller uninstall a release before its object
// goes.
const HelmFinalizer = "finalizers.helm.toolkit.example.com"

// maxFailures is the number of failed actions after which a release stalls.
const maxFailures = 3

// HelmReleaseReconciler keeps Helm releases installed. It is the one
// controller of the module not yet moved to the events.k8s.io/v1 API: its
// Kubernetes events (and those of the action package) still go through the
// core/v1 recorder, k8s.io/client-go/tools/record. Notifications for users
// go through Flux's recorder, which moved to the new API with the runtime.
type HelmReleaseReconciler struct {
	client.Client
	Recorder kuberecorder.EventRecorderLogger
	Notifier fluxevents.Recorder
	Store    action.Store
}

// SetupWithManager registers the reconciler.
func (r *HelmReleaseReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&v1.HelmRelease{}).
		Complete(r)
}

// Reconcile implements reconcile.Reconciler.
func (r *HelmReleaseReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := ctrl.LoggerFrom(ctx)

	obj := &v1.HelmRelease{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	defer func() {
		r.Recorder.Event(obj, corev1.EventTypeNormal, "ReconciliationFinished", "reconciliation finished") // finding: a deferred closure needs a check of its own
	}()

	if !obj.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, r.uninstall(ctx, obj)
	}

	next := r.nextAction(obj)
	actionReq := &action.Request{Object: obj, Chart: obj.Spec.Chart, Values: obj.Spec.Values}
	if err := next.Reconcile(ctx, actionReq); err != nil {
		if context.Cause(ctx) != context.Canceled {
			r.Notifier.AnnotatedEventf(obj, nil, map[string]string{"revision": obj.Status.LastAttempted}, corev1.EventTypeWarning, "ActionFailed", next.Name(), "%s failed: %s", next.Name(), err) // guarded
		}
		if obj.Status.Failures >= maxFailures {
			apimeta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{
				Type: v1.StalledCondition, Status: metav1.ConditionTrue, Reason: v1.FailedReason, Message: err.Error(),
			})
			if guard.Alive(ctx) {
				r.reportStall(ctx, obj, err)
			}
		}
		return ctrl.Result{}, r.updateStatus(ctx, req, obj)
	}

	timeout := 5 * time.Minute
	if obj.Spec.Timeout != nil {
		timeout = obj.Spec.Timeout.Duration
	}
	err := wait.PollUntilContextTimeout(ctx, 2*time.Second, timeout, true, func(ctx context.Context) (bool, error) {
		ready, err := r.Store.Ready(ctx, obj.Name)
		if err != nil {
			return false, err
		}
		if !ready {
			r.Recorder.Eventf(obj, corev1.EventTypeNormal, "Progressing", "waiting for revision %s", obj.Status.InstalledRevision) // finding: the poll callback has no check of its own
		}
		return ready, nil
	})
	if err != nil {
		r.failure(obj, "HealthCheckFailed", "HealthCheck", err) // finding: a helm-style helper that sets a condition, then emits
		return ctrl.Result{}, errors.Join(err, r.Status().Update(ctx, obj))
	}

	apimeta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{
		Type: v1.ReadyCondition, Status: metav1.ConditionTrue, Reason: v1.SucceededReason, Message: "release is ready",
	})
	obj.Status.ObservedGeneration = obj.Generation
	if err := r.updateStatus(ctx, req, obj); err != nil {
		return ctrl.Result{}, err
	}

	select {
	case <-ctx.Done():
	default:
		r.event(obj, corev1.EventTypeNormal, "ReleaseReady", "HealthCheck", "revision "+obj.Status.InstalledRevision+" is ready") // guarded
	}
	log.Info("release reconciled", "revision", obj.Status.InstalledRevision)
	return ctrl.Result{RequeueAfter: obj.Spec.Interval.Duration}, nil
}

// updateStatus writes the status of obj, retrying on conflicts.
func (r *HelmReleaseReconciler) updateStatus(ctx context.Context, req ctrl.Request, obj *v1.HelmRelease) error {
	log := ctrl.LoggerFrom(ctx)
	if guard.ShuttingDown(ctx) {
		return ctx.Err()
	}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		latest := &v1.HelmRelease{}
		if err := r.Get(ctx, req.NamespacedName, latest); err != nil {
			return err
		}
		latest.Status = obj.Status
		if err := r.Status().Update(ctx, latest); err != nil {
			r.Recorder.WithLogger(log).Eventf(latest, corev1.EventTypeWarning, "StatusUpdateFailed", "%s", err) // finding: the check before RetryOnConflict does not reach into the callback
			return err
		}
		return nil
	})
}

// nextAction picks the action that moves the release forward.
func (r *HelmReleaseReconciler) nextAction(obj *v1.HelmRelease) action.Reconciler {
	switch {
	case obj.Status.InstalledRevision == "":
		return &action.Install{Store: r.Store, Recorder: r.Recorder}
	case obj.Status.Failures > 0:
		return &action.Rollback{Store: r.Store, Recorder: r.Recorder}
	default:
		return &action.Upgrade{Store: r.Store, Recorder: r.Recorder}
	}
}

// uninstall removes the release of a deleted object, then its finalizer.
func (r *HelmReleaseReconciler) uninstall(ctx context.Context, obj *v1.HelmRelease) error {
	if err := r.Store.Uninstall(ctx, obj.Name); err != nil {
		return err
	}
	controllerutil.RemoveFinalizer(obj, HelmFinalizer)
	if err := r.Update(ctx, obj); err != nil {
		return err
	}
	//ctxnotify:ignore the release is gone for good; users must learn about it even during shutdown
	r.event(obj, corev1.EventTypeNormal, "UninstallSucceeded", "Uninstall", "release uninstalled") // guarded: suppressed by the directive above
	return nil
}

// failure records a failed reconciliation in the Ready condition, then
// notifies users, as helm-controller's r.failure does. The condition is
// the status the caller writes next; only the notification must not go out
// during shutdown.
func (r *HelmReleaseReconciler) failure(obj *v1.HelmRelease, reason, action string, err error) {
	apimeta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{
		Type: v1.ReadyCondition, Status: metav1.ConditionFalse, Reason: reason, Message: err.Error(),
	})
	r.event(obj, corev1.EventTypeWarning, reason, action, err.Error()) // guarded: failure has no context; its callers are judged
}

// event notifies users about obj, as kustomize-controller's r.event does:
// each caller gives the type, reason and action.
func (r *HelmReleaseReconciler) event(obj *v1.HelmRelease, eventType, reason, action, msg string) {
	r.Notifier.AnnotatedEventf(obj, nil, map[string]string{"revision": obj.Status.InstalledRevision}, eventType, reason, action, "%s", msg) // guarded: event has no context; its callers are judged
}

// reportStall tells users that retrying will not help. Every caller
// checks the context first.
func (r *HelmReleaseReconciler) reportStall(ctx context.Context, obj *v1.HelmRelease, err error) {
	ctrl.LoggerFrom(ctx).Info("release stalled", "failures", obj.Status.Failures)
	r.Recorder.Eventf(obj, corev1.EventTypeWarning, "RetriesExhausted", "giving up after %d failures: %s", obj.Status.Failures, err) // guarded: every call site of reportStall is guarded
}
