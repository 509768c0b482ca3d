package controller

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/fluxcd/pkg/runtime/events"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const (
	// messageKey is the ConfigMap key holding the podinfo UI message.
	messageKey = "PODINFO_UI_MESSAGE"
	// readyAnnotation records the last message that was applied.
	readyAnnotation = "podinfo.example.com/applied-message"
	// deploymentName is the podinfo Deployment that the ConfigMaps of its
	// namespace configure.
	deploymentName = "podinfo"

	interval = 5 * time.Minute
)

// PodinfoReconciler validates podinfo ConfigMaps and records the applied
// message. Its event recorder is Flux's, so every Warning event it emits
// becomes an alert.
type PodinfoReconciler struct {
	client.Client
	events.Recorder

	// Webhook is called after a message change; empty disables it.
	Webhook func(ctx context.Context, msg string) error
}

// SetupWithManager registers the reconciler for ConfigMaps.
func (r *PodinfoReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}).
		Complete(r)
}

// Reconcile validates the message of a podinfo ConfigMap and patches the
// applied-message annotation when it changes.
func (r *PodinfoReconciler) Reconcile(ctx context.Context, req ctrl.Request) (result ctrl.Result, retErr error) {
	log := ctrl.LoggerFrom(ctx)

	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !strings.HasPrefix(obj.Name, "podinfo-") {
		return ctrl.Result{}, nil
	}
	patch := client.MergeFrom(obj.DeepCopy())

	// Patch the object on the way out, whatever happened, and report the
	// outcome.
	defer func() {
		if err := r.Patch(ctx, obj, patch); err != nil {
			retErr = errors.Join(retErr, err)
		}
		if retErr != nil {
			log.Error(retErr, "reconciliation failed")
			r.AnnotatedEventf(obj, nil, map[string]string{readyAnnotation: obj.Annotations[readyAnnotation]}, corev1.EventTypeWarning, "ReconciliationFailed", "Reconcile", "reconciliation failed: %v", retErr) // finding: the deferred closure has no check of its own
			return
		}
		if !errors.Is(ctx.Err(), context.Canceled) {
			r.Eventf(obj, nil, corev1.EventTypeNormal, "ReconciliationSucceeded", "Reconcile", "configuration applied")
		}
	}()

	msg, err := validate(obj)
	if err != nil {
		if errors.Is(ctx.Err(), context.Canceled) {
			return ctrl.Result{}, err
		}
		r.notify(obj, "ValidationFailed", "Validate", err.Error())
		return ctrl.Result{}, nil
	}

	if obj.Annotations[readyAnnotation] == msg {
		return ctrl.Result{RequeueAfter: interval}, nil
	}

	if r.Webhook != nil {
		if err := r.Webhook(ctx, msg); err != nil {
			r.notify(obj, "WebhookFailed", "CallWebhook", err.Error()) // finding: the webhook fails with "context canceled" at shutdown
			return ctrl.Result{}, err
		}
	}

	if obj.Annotations == nil {
		obj.Annotations = map[string]string{}
	}
	previous := obj.Annotations[readyAnnotation]
	obj.Annotations[readyAnnotation] = msg

	if ctx.Err() == nil {
		r.Eventf(obj, deploymentOf(obj), corev1.EventTypeNormal, "MessageChanged", "Rollout", "message changed from %q to %q", previous, msg)
	}

	// Let the rollout settle in the background; warn if it takes too long.
	go func() {
		select {
		case <-time.After(interval):
			r.Eventf(obj, deploymentOf(obj), corev1.EventTypeWarning, "RolloutSlow", "Rollout", "rollout of %q not observed after %s", msg, interval) // finding: goroutine without its own check
		case <-ctx.Done():
		}
	}()

	return ctrl.Result{RequeueAfter: interval}, nil
}

// Finalize is called by the owner of the reconciler when a podinfo
// ConfigMap is removed.
func (r *PodinfoReconciler) Finalize(ctx context.Context, obj *corev1.ConfigMap) error {
	defer r.Eventf(obj, nil, corev1.EventTypeNormal, "Finalized", "Finalize", "podinfo configuration removed") // finding: a deferred event runs after any check

	if err := r.Update(ctx, obj); err != nil {
		select {
		case <-ctx.Done():
		default:
			r.Eventf(obj, nil, corev1.EventTypeWarning, "FinalizeFailed", "Finalize", "%v", err)
		}
		return err
	}
	return nil
}

// notify sends an event about obj. It has no context of its own: its
// callers decide whether an event may still go out.
func (r *PodinfoReconciler) notify(obj *corev1.ConfigMap, reason, action, msg string) {
	eventType := corev1.EventTypeNormal
	if strings.HasSuffix(reason, "Failed") {
		eventType = corev1.EventTypeWarning
	}
	r.Eventf(obj, nil, eventType, reason, action, "%s", msg)
}

// deploymentOf returns a reference to the Deployment that obj configures:
// the related object of the events about its rollout.
func deploymentOf(obj *corev1.ConfigMap) *appsv1.Deployment {
	return &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: deploymentName, Namespace: obj.Namespace}}
}

// validate returns the message of a podinfo ConfigMap.
func validate(obj *corev1.ConfigMap) (string, error) {
	msg, ok := obj.Data[messageKey]
	if !ok {
		return "", fmt.Errorf("key %s is missing", messageKey)
	}
	if strings.TrimSpace(msg) == "" {
		return "", errors.New("message is empty")
	}
	return msg, nil
}
