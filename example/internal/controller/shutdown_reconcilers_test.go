package controller_test

import (
	"context"
	"os"
	"path/filepath"
	"time"

	fluxevents "github.com/fluxcd/pkg/runtime/events"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	kevents "k8s.io/client-go/tools/events"
	"k8s.io/client-go/tools/record"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	v1 "example.com/controllers/api/v1"
	"example.com/controllers/internal/action"
	"example.com/controllers/internal/controller"
)

// deps is what a reconciler is wired with in one run.
type deps struct {
	client  client.Client
	flux    fluxevents.Recorder   // posts to the webhook and forwards to kevents
	kube    *record.FakeRecorder  // core/v1
	kevents *kevents.FakeRecorder // events.k8s.io/v1
	run     *run
	dir     string // an empty directory of the run's own
}

// A reconcilerCase is one reconciler of the module, with the object it
// reconciles and the point where the scenarios happen.
type reconcilerCase struct {
	name         string
	interruption string     // where the scenarios happen, in words
	point        clientCall // the interruption point, if it is a client call
	objects      []client.Object
	withStatus   []client.Object // kinds with a status subresource
	request      types.NamespacedName
	build        func(d deps) reconcile.Reconciler
	// failedStatus, if set, holds the conditions of the status write that
	// the reconciliation attempts from the interruption point on when the
	// call there fails: a shutdown, a timeout, a failure.
	failedStatus string
}

var (
	meta     = metav1.ObjectMeta{Name: "podinfo", Namespace: "default"}
	interval = metav1.Duration{Duration: 5 * time.Minute}
)

// reconcilerCases returns the reconcilers that have findings. Their
// recorders are wired as the module's commands wire them: Flux's recorder
// wherever a reconciler takes it, fake Kubernetes recorders of the
// events.k8s.io/v1 API for the bucket's recorder.EventRecorder and of the
// core/v1 API for the HelmRelease's.
func reconcilerCases() []reconcilerCase {
	return []reconcilerCase{
		podinfoCase(), bucketCase(), gitRepositoryCase(), helmReleaseCase(), imageRepositoryCase(), imagePolicyCase(),
	}
}

// podinfoCase: a changed message, and the webhook that announces it is
// the call that the scenarios interrupt.
func podinfoCase() reconcilerCase {
	cm := &corev1.ConfigMap{
		ObjectMeta: metav1.ObjectMeta{Name: "podinfo-ui", Namespace: "default"},
		Data:       map[string]string{"PODINFO_UI_MESSAGE": "hello"},
	}
	return reconcilerCase{
		name:         "podinfo",
		interruption: "the webhook call",
		objects:      []client.Object{cm},
		request:      client.ObjectKeyFromObject(cm),
		build: func(d deps) reconcile.Reconciler {
			return &controller.PodinfoReconciler{
				Client:   d.client,
				Recorder: d.flux,
				Webhook: func(ctx context.Context, _ string) error {
					return d.run.seam(ctx, func() error { return nil })
				},
			}
		},
	}
}

// bucketCase: the second status patch, the one of the deferred function
// that checks the context, patches the status, then notifies.
func bucketCase() reconcilerCase {
	b := &v1.Bucket{ObjectMeta: meta, Spec: v1.BucketSpec{BucketName: "charts", Endpoint: "minio.example.com", Interval: interval}}
	return reconcilerCase{
		name:         "bucket",
		interruption: "the deferred status patch",
		point:        clientCall{"status patch", 2},
		objects:      []client.Object{b},
		withStatus:   []client.Object{&v1.Bucket{}},
		request:      client.ObjectKeyFromObject(b),
		build: func(d deps) reconcile.Reconciler {
			return reconcile.AsReconciler(d.client, &controller.BucketReconciler{
				Client:   d.client,
				Recorder: d.kevents,
				Notify:   d.flux,
				List: func(ctx context.Context, _, _ string) ([]string, error) {
					if err := ctx.Err(); err != nil {
						return nil, err
					}
					return []string{"index.yaml", "podinfo-6.5.0.tgz"}, nil
				},
			})
		},
	}
}

// gitRepositoryCase: the checkout of the source, its first
// sub-reconciler that calls out.
func gitRepositoryCase() reconcilerCase {
	repo := &v1.GitRepository{
		ObjectMeta: *meta.DeepCopy(),
		Spec:       v1.GitRepositorySpec{URL: "https://github.com/stefanprodan/podinfo", Branch: "master", Interval: interval},
	}
	repo.Finalizers = []string{controller.SourceFinalizer}
	return reconcilerCase{
		name:         "gitrepository",
		interruption: "the git checkout",
		objects:      []client.Object{repo},
		withStatus:   []client.Object{&v1.GitRepository{}},
		request:      client.ObjectKeyFromObject(repo),
		build: func(d deps) reconcile.Reconciler {
			return &controller.GitRepositoryReconciler{
				Client:   d.client,
				Recorder: d.flux,
				Storage:  &controller.LocalStorage{Root: filepath.Join(d.dir, "storage")},
				TmpDir:   d.dir,
				Fetch: func(ctx context.Context, _, branch, dir string) (string, error) {
					err := d.run.seam(ctx, func() error {
						return os.WriteFile(filepath.Join(dir, "README.md"), []byte("podinfo\n"), 0o644)
					})
					if err != nil {
						return "", err
					}
					return branch + "@sha1:4f8a1c2e", nil
				},
			}
		},
	}
}

// helmReleaseCase: the health check of the installed release.
func helmReleaseCase() reconcilerCase {
	hr := &v1.HelmRelease{ObjectMeta: meta, Spec: v1.HelmReleaseSpec{Chart: "podinfo", Interval: interval}}
	return reconcilerCase{
		name:         "helmrelease",
		interruption: "the health check",
		objects:      []client.Object{hr},
		withStatus:   []client.Object{&v1.HelmRelease{}},
		request:      client.ObjectKeyFromObject(hr),
		failedStatus: "Ready=False HealthCheckFailed",
		build: func(d deps) reconcile.Reconciler {
			return &controller.HelmReleaseReconciler{
				Client:   d.client,
				Recorder: d.kube,
				Notifier: d.flux,
				Store:    &healthCheck{MemoryStore: &action.MemoryStore{}, run: d.run},
			}
		},
	}
}

// healthCheck is the manager's in-memory store whose readiness check is
// the interruption point.
type healthCheck struct {
	*action.MemoryStore
	run *run
}

func (s *healthCheck) Ready(ctx context.Context, release string) (ready bool, err error) {
	err = s.run.seam(ctx, func() error {
		ready, err = s.MemoryStore.Ready(ctx, release)
		return err
	})
	return ready, err
}

// imageRepositoryCase: the tag listing, which the object's timeout bounds;
// the outcome is announced by a function deferred before that timeout was
// set, as in Flux's image-reflector-controller.
func imageRepositoryCase() reconcilerCase {
	repo := &v1.ImageRepository{ObjectMeta: meta, Spec: v1.ImageRepositorySpec{Image: "ghcr.io/stefanprodan/podinfo", Interval: interval}}
	return reconcilerCase{
		name:         "imagerepository",
		interruption: "the tag listing",
		objects:      []client.Object{repo},
		withStatus:   []client.Object{&v1.ImageRepository{}},
		request:      client.ObjectKeyFromObject(repo),
		failedStatus: "Ready=False ScanFailed",
		build: func(d deps) reconcile.Reconciler {
			return &controller.ImageRepositoryReconciler{
				Client:        d.client,
				EventRecorder: d.flux,
				ListTags: func(ctx context.Context, _ string) (tags []string, err error) {
					err = d.run.seam(ctx, func() error {
						tags = []string{"6.5.0", "6.5.1", "6.6.0"}
						return nil
					})
					return tags, err
				},
			}
		},
	}
}

// imagePolicyCase: the read of the image repository the policy selects
// from, after the read of the policy; the reconciler records each outcome
// with a direct call of its recorder.
func imagePolicyCase() reconcilerCase {
	repo := &v1.ImageRepository{
		ObjectMeta: metav1.ObjectMeta{Name: "podinfo-repo", Namespace: "default"},
		Spec:       v1.ImageRepositorySpec{Image: "ghcr.io/stefanprodan/podinfo", Interval: interval},
		Status:     v1.ImageRepositoryStatus{LastScanResult: &v1.ScanResult{TagCount: 3, LatestTags: []string{"6.5.0", "6.5.1", "6.6.0"}}},
	}
	policy := &v1.ImagePolicy{ObjectMeta: meta, Spec: v1.ImagePolicySpec{ImageRepositoryRef: repo.Name, TagPrefix: "6.5", Interval: interval}}
	return reconcilerCase{
		name:         "imagepolicy",
		interruption: "the read of the image repository",
		point:        clientCall{"get", 2},
		objects:      []client.Object{policy, repo},
		withStatus:   []client.Object{&v1.ImagePolicy{}, &v1.ImageRepository{}},
		request:      client.ObjectKeyFromObject(policy),
		build: func(d deps) reconcile.Reconciler {
			return &controller.ImagePolicyReconciler{Client: d.client, EventRecorder: d.flux}
		},
	}
}
