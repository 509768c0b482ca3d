package controller

import (
	"context"
	"os"
	"time"

	eventv1 "github.com/fluxcd/pkg/apis/event/v1"
	fluxevents "github.com/fluxcd/pkg/runtime/events"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	kevents "k8s.io/client-go/tools/events"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	v1 "example.com/controllers/api/v1"
	"example.com/controllers/internal/events"
	"example.com/controllers/internal/guard"
	"example.com/controllers/internal/summarize"
)

// SourceFinalizer lets the controller remove artifacts before an object goes.
const SourceFinalizer = "finalizers.toolkit.example.com"

// Fetcher checks out branch of the repository at url into dir and returns
// the revision it checked out.
type Fetcher func(ctx context.Context, url, branch, dir string) (revision string, err error)

// GitRepositoryReconciler packages revisions of Git repositories as
// artifacts. Like every Flux reconciler, it embeds its event recorder:
// Flux's events.Recorder, which posts to notification-controller too.
type GitRepositoryReconciler struct {
	client.Client
	fluxevents.Recorder

	Storage Storage
	Fetch   Fetcher
	TmpDir  string
}

var _ reconcile.TypedReconciler[reconcile.Request] = &GitRepositoryReconciler{}

// reconcileFunc is one step of a GitRepository reconciliation.
type reconcileFunc func(ctx context.Context, obj *v1.GitRepository, artifact *v1.Artifact, dir string) (summarize.Result, error)

// SetupWithManager registers the reconciler.
func (r *GitRepositoryReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&v1.GitRepository{}).
		Complete(r)
}

// Reconcile implements reconcile.Reconciler.
func (r *GitRepositoryReconciler) Reconcile(ctx context.Context, req ctrl.Request) (result ctrl.Result, retErr error) {
	log := ctrl.LoggerFrom(ctx)

	obj := &v1.GitRepository{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	patch := client.MergeFrom(obj.DeepCopy())

	// Summarize the outcome and patch the status on every return.
	var res summarize.Result
	defer func() {
		helper := summarize.NewHelper(r.Recorder, r.Client)
		result, retErr = helper.SummarizeAndPatch(ctx, obj, patch,
			summarize.WithResult(res, retErr),
			summarize.WithInterval(obj.Spec.Interval.Duration),
			summarize.WithProcessors(
				summarize.RecordContextualError,
				summarize.RecordReadiness,
				func(ctx context.Context, recorder kevents.EventRecorder, obj runtime.Object, res summarize.Result, err error) {
					if res == summarize.ResultRequeue {
						recorder.Eventf(obj, nil, corev1.EventTypeNormal, "Progressing", "Reconcile", "requeued for the next step") // finding: a callback needs its own check
					}
				},
			),
		)
		if retErr != nil && guard.Alive(ctx) {
			r.notify(obj, events.SeverityError, "ReconciliationFailed", "Reconcile", retErr.Error()) // guarded
		}
		log.V(1).Info("reconciliation finished", "result", result)
	}()

	if !obj.DeletionTimestamp.IsZero() {
		res, retErr = r.reconcileDelete(ctx, obj)
		return result, retErr
	}
	if obj.Spec.Suspend {
		events.Record(r.Recorder, obj, nil, events.SeverityInfo, "Suspended", "Reconcile", "reconciliation is suspended") // finding: cross-package emitter
		return result, nil
	}
	if controllerutil.AddFinalizer(obj, SourceFinalizer) {
		res = summarize.ResultRequeue
		return result, nil
	}

	reconcilers := []reconcileFunc{r.reconcileStorage, r.reconcileSource, r.reconcileArtifact}
	res, retErr = r.reconcile(ctx, obj, reconcilers)
	return result, retErr
}

// reconcile runs the sub-reconcilers in order until one fails or asks for
// a requeue.
func (r *GitRepositoryReconciler) reconcile(ctx context.Context, obj *v1.GitRepository, reconcilers []reconcileFunc) (summarize.Result, error) {
	dir, err := os.MkdirTemp(r.TmpDir, obj.Name)
	if err != nil {
		r.notify(obj, events.SeverityError, "DirCreationFailed", "Checkout", err.Error()) // finding: unguarded call of an emitter helper
		return summarize.ResultEmpty, err
	}
	defer func() { _ = os.RemoveAll(dir) }()

	var artifact v1.Artifact
	res := summarize.ResultEmpty
	for _, rec := range reconcilers {
		recResult, err := rec(ctx, obj, &artifact, dir)
		if err != nil {
			return recResult, err
		}
		if recResult == summarize.ResultRequeue {
			return recResult, nil
		}
		res = recResult
	}
	return res, nil
}

// reconcileStorage drops the recorded artifact when storage lost it.
func (r *GitRepositoryReconciler) reconcileStorage(ctx context.Context, obj *v1.GitRepository, _ *v1.Artifact, _ string) (summarize.Result, error) {
	if a := obj.Status.Artifact; a != nil && !r.Storage.Exists(*a) {
		obj.Status.Artifact = nil
		if !guard.ShuttingDown(ctx) {
			r.Eventf(obj, nil, corev1.EventTypeWarning, "ArtifactMissing", "VerifyStorage", "artifact %s disappeared from storage", a.Path) // guarded
		}
		return summarize.ResultRequeue, nil
	}
	return summarize.ResultSuccess, nil
}

// reconcileSource checks out the configured branch.
func (r *GitRepositoryReconciler) reconcileSource(ctx context.Context, obj *v1.GitRepository, artifact *v1.Artifact, dir string) (summarize.Result, error) {
	revision, err := r.Fetch(ctx, obj.Spec.URL, obj.Spec.Branch, dir)
	if err != nil {
		r.Eventf(obj, nil, corev1.EventTypeWarning, "GitOperationFailed", "Checkout", "failed to checkout %s: %s", obj.Spec.URL, err) // finding: sub-reconciler kept as a method value
		return summarize.ResultEmpty, err
	}
	*artifact = v1.Artifact{Path: r.Storage.PathFor(obj, revision), Revision: revision}
	if cur := obj.Status.Artifact; cur != nil && cur.Revision == revision {
		r.Eventf(obj, nil, eventv1.EventTypeTrace, "ArtifactUpToDate", "Checkout", "artifact up-to-date with remote revision: '%s'", revision) // not reported: a Trace event is a Kubernetes event only, never forwarded
		return summarize.ResultSuccess, nil
	}

	if err := ctx.Err(); err != nil {
		return summarize.ResultEmpty, err
	}
	r.AnnotatedEventf(obj, nil, map[string]string{"revision": revision}, corev1.EventTypeNormal, "NewRevision", "Checkout", "checked out revision %s", revision) // guarded
	return summarize.ResultSuccess, nil
}

// reconcileArtifact archives the checkout and records the artifact.
func (r *GitRepositoryReconciler) reconcileArtifact(ctx context.Context, obj *v1.GitRepository, artifact *v1.Artifact, dir string) (summarize.Result, error) {
	emit := r.AnnotatedEventf
	annotations := map[string]string{"revision": artifact.Revision}
	if err := r.Storage.Archive(ctx, artifact, dir); err != nil {
		emit(obj, nil, annotations, corev1.EventTypeWarning, "ArchiveFailed", "Archive", "failed to archive revision %s: %s", artifact.Revision, err) // finding: method value of a sink
		return summarize.ResultEmpty, err
	}
	stored := *artifact
	obj.Status.Artifact = &stored
	obj.Status.ObservedGeneration = obj.Generation

	if guard.Stopped(ctx) {
		return summarize.ResultEmpty, context.Cause(ctx)
	}
	emit(obj, nil, annotations, corev1.EventTypeNormal, "ArtifactStored", "Archive", "stored artifact for revision %s", artifact.Revision) // guarded
	return summarize.ResultSuccess, nil
}

// reconcileDelete removes the artifacts of a deleted object, then its
// finalizer.
func (r *GitRepositoryReconciler) reconcileDelete(ctx context.Context, obj *v1.GitRepository) (summarize.Result, error) {
	if err := r.garbageCollect(obj); err != nil { // finding: garbageCollect emits without a usable context
		return summarize.ResultEmpty, err
	}
	r.eventLogf(obj, eventv1.EventTypeTrace, "GarbageCollected", "garbage collected artifacts for deleted resource") // not reported: eventLogf takes its event type from here, and a Trace event notifies no one
	controllerutil.RemoveFinalizer(obj, SourceFinalizer)
	if err := r.Update(ctx, obj); err != nil {
		return summarize.ResultEmpty, err
	}
	return summarize.ResultEmpty, nil
}

// garbageCollect removes the artifacts of obj. It runs on a context of its
// own so that a shutdown does not leave files behind.
func (r *GitRepositoryReconciler) garbageCollect(obj *v1.GitRepository) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := r.Storage.RemoveAll(ctx, obj); err != nil {
		r.Eventf(obj, nil, corev1.EventTypeWarning, "GarbageCollectionFailed", "GarbageCollect", "failed to remove artifacts: %s", err) // guarded: a context made from context.Background is not usable; the caller is reported
		return err
	}
	if ctx.Err() == nil {
		r.Eventf(obj, nil, corev1.EventTypeNormal, "GarbageCollectionSucceeded", "GarbageCollect", "artifacts removed") // guarded: a context made from context.Background is not usable; the caller is reported
	}
	return nil
}

// eventLogf logs and records an event of the type its caller gives, as
// source-controller's EventLogf does: its callers are judged by the type
// they pass.
func (r *GitRepositoryReconciler) eventLogf(obj *v1.GitRepository, eventType, reason, messageFmt string, args ...any) {
	ctrl.Log.WithValues("reason", reason).Info("event", "type", eventType)
	r.Eventf(obj, nil, eventType, reason, "Reconcile", messageFmt, args...) // guarded: eventLogf has no context; its callers are judged
}

// notify emits an event about obj. It holds no context: callers decide
// whether the event may still go out.
func (r *GitRepositoryReconciler) notify(obj *v1.GitRepository, severity, reason, action, msg string) {
	events.Record(r.Recorder, obj, nil, severity, reason, action, msg) // guarded: notify has no context; its callers are judged
}
