// Package action holds the Helm-like action reconcilers of the
// HelmRelease controller: each one moves a release one step forward.
package action

import (
	"context"
	"errors"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"

	v1 "example.com/controllers/api/v1"
)

// Request is the input of an action reconciler.
type Request struct {
	Object *v1.HelmRelease
	// Chart is the resolved chart reference, Values the merged values.
	Chart  string
	Values map[string]string
}

// Reconciler is one step of a release: install, upgrade or rollback.
type Reconciler interface {
	// Reconcile performs the action. Errors are recorded on the object.
	Reconcile(ctx context.Context, req *Request) error
	// Name names the action in logs and events.
	Name() string
}

// Store installs and upgrades releases; it is the seam to the Helm SDK.
type Store interface {
	Install(chart string, values map[string]string) (revision string, err error)
	Upgrade(ctx context.Context, chart string, values map[string]string) (revision string, err error)
	Rollback(ctx context.Context, revision string) error
	Uninstall(ctx context.Context, release string) error
	Ready(ctx context.Context, release string) (bool, error)
}

// ErrNoRevision is returned by Rollback when there is nothing to roll back to.
var ErrNoRevision = errors.New("no previous revision")

// emitActionEvent records the outcome of an action on the release.
func emitActionEvent(rec record.EventRecorder, obj *v1.HelmRelease, eventType, reason, msg string) {
	rec.AnnotatedEventf(obj, map[string]string{"revision": obj.Status.LastAttempted}, eventType, reason, "%s", msg) // guarded: no context here; the callers are judged
}

// Install installs the chart of a release that has no installed revision.
type Install struct {
	Store    Store
	Recorder record.EventRecorder
}

// Name implements Reconciler.
func (r *Install) Name() string { return "install" }

// Reconcile implements Reconciler. The install itself cannot be cancelled,
// so the context is not used.
func (r *Install) Reconcile(_ context.Context, req *Request) error {
	revision, err := r.Store.Install(req.Chart, req.Values)
	req.Object.Status.LastAttempted = revision
	if err != nil {
		req.Object.Status.Failures++
		r.Recorder.Eventf(req.Object, corev1.EventTypeWarning, "InstallFailed", "install of %s failed: %s", req.Chart, err) // finding: a blank context parameter still counts
		return err
	}
	req.Object.Status.InstalledRevision = revision
	return nil
}

// Upgrade upgrades an installed release to the desired chart and values.
type Upgrade struct {
	Store    Store
	Recorder record.EventRecorder
}

// Name implements Reconciler.
func (r *Upgrade) Name() string { return "upgrade" }

// Reconcile implements Reconciler.
func (r *Upgrade) Reconcile(ctx context.Context, req *Request) error {
	revision, err := r.Store.Upgrade(ctx, req.Chart, req.Values)
	req.Object.Status.LastAttempted = revision
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		req.Object.Status.Failures++
		emitActionEvent(r.Recorder, req.Object, corev1.EventTypeWarning, "UpgradeFailed", fmt.Sprintf("upgrade failed: %s", err)) // guarded
		return err
	}
	r.success(req, revision) // finding: a helm-style helper that records the revision, then emits
	return nil
}

// success records the upgraded revision on the release, then tells users,
// as helm-controller's action reconcilers do: the event ends the helper.
func (r *Upgrade) success(req *Request, revision string) {
	req.Object.Status.InstalledRevision = revision
	r.Recorder.AnnotatedEventf(
		req.Object,
		map[string]string{"revision": revision},
		corev1.EventTypeNormal,
		"UpgradeSucceeded",
		"upgraded %s to revision %s",
		req.Chart,
		revision,
	) // guarded: success has no context; its caller is judged
}

// Rollback rolls a failed release back to its last installed revision.
type Rollback struct {
	Store    Store
	Recorder record.EventRecorder
}

// Name implements Reconciler.
func (r *Rollback) Name() string { return "rollback" }

// Reconcile implements Reconciler.
func (r *Rollback) Reconcile(ctx context.Context, req *Request) error {
	previous := req.Object.Status.InstalledRevision
	if previous == "" {
		return ErrNoRevision
	}
	if err := r.Store.Rollback(ctx, previous); err != nil {
		emitActionEvent(r.Recorder, req.Object, corev1.EventTypeWarning, "RollbackFailed", err.Error()) // finding: unexported emitter called without a check
		return err
	}
	req.Object.Status.Failures = 0
	return nil
}
