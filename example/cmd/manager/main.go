// Command manager runs the source, helm and image controllers and the
// webhook receiver in one controller manager.
package main

import (
	"context"
	"errors"
	"flag"
	"os"
	"os/exec"
	"strings"

	fluxevents "github.com/fluxcd/pkg/runtime/events"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/tools/record"
	ctrl "sigs.k8s.io/controller-runtime"

	v1 "example.com/controllers/api/v1"
	"example.com/controllers/internal/action"
	"example.com/controllers/internal/controller"
	"example.com/controllers/internal/events"
	"example.com/controllers/internal/server"
)

const controllerName = "toolkit-controller"

func main() {
	var (
		eventsAddr  string
		receiverAdr string
		serverAddr  string
		storageDir  string
	)
	flag.StringVar(&eventsAddr, "events-addr", "", "address of the notification-controller events endpoint")
	flag.StringVar(&receiverAdr, "receiver-addr", ":9292", "address the webhook receiver listens on")
	flag.StringVar(&serverAddr, "event-server-addr", ":9690", "address the event server listens on")
	flag.StringVar(&storageDir, "storage-path", "/data", "directory artifacts are stored in")
	flag.Parse()

	log := ctrl.Log.WithName(controllerName)

	scheme := runtime.NewScheme()
	if err := errors.Join(clientgoscheme.AddToScheme(scheme), v1.AddToScheme(scheme)); err != nil {
		log.Error(err, "unable to build scheme")
		os.Exit(1)
	}

	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{Scheme: scheme})
	if err != nil {
		log.Error(err, "unable to create manager")
		os.Exit(1)
	}

	// Flux's recorder posts to notification-controller and records
	// Kubernetes events through the events.k8s.io/v1 API.
	notifier, err := fluxevents.NewRecorder(log, eventsAddr, controllerName,
		fluxevents.WithManager(mgr), fluxevents.WithEventsAPI(fluxevents.EventsAPIEventsV1))
	if err != nil {
		log.Error(err, "unable to create event recorder")
		os.Exit(1)
	}

	// The helm controller still records through the core/v1 API.
	broadcaster := record.NewBroadcaster()
	defer broadcaster.Shutdown()
	helmRecorder := broadcaster.NewRecorder(scheme, corev1.EventSource{Component: "helm-controller"})

	storage := &controller.LocalStorage{Root: storageDir}
	setups := []interface{ SetupWithManager(ctrl.Manager) error }{
		&controller.GitRepositoryReconciler{
			Client:   mgr.GetClient(),
			Recorder: notifier,
			Storage:  storage,
			Fetch:    gitClone,
			TmpDir:   os.TempDir(),
		},
		&controller.BucketReconciler{
			Client:   mgr.GetClient(),
			Recorder: mgr.GetEventRecorder("bucket-controller"),
			Notify:   notifier,
			List:     listBucket,
		},
		&controller.HelmReleaseReconciler{
			Client:   mgr.GetClient(),
			Recorder: helmRecorder,
			Notifier: notifier,
			Store:    &action.MemoryStore{},
		},
		&controller.ImageRepositoryReconciler{
			Client:        mgr.GetClient(),
			EventRecorder: notifier,
			ListTags:      listTags,
		},
		&controller.ImagePolicyReconciler{
			Client:        mgr.GetClient(),
			EventRecorder: notifier,
		},
	}
	for _, s := range setups {
		if err := s.SetupWithManager(mgr); err != nil {
			log.Error(err, "unable to create controller")
			os.Exit(1)
		}
	}

	receiver := &server.Receiver{
		Addr:     receiverAdr,
		Client:   mgr.GetClient(),
		Recorder: events.Multi{mgr.GetEventRecorder("receiver"), notifier},
	}
	if err := mgr.Add(receiver); err != nil {
		log.Error(err, "unable to add webhook receiver")
		os.Exit(1)
	}
	eventServer := &server.EventServer{
		Addr:     serverAddr,
		Client:   mgr.GetClient(),
		Recorder: events.Multi{mgr.GetEventRecorder("event-server"), notifier},
	}
	if err := mgr.Add(eventServer); err != nil {
		log.Error(err, "unable to add event server")
		os.Exit(1)
	}

	if err := mgr.Start(ctrl.SetupSignalHandler()); err != nil {
		log.Error(err, "manager exited with an error")
		os.Exit(1)
	}
}

// gitClone checks out branch of url into dir with the git command line.
func gitClone(ctx context.Context, url, branch, dir string) (string, error) {
	if err := exec.CommandContext(ctx, "git", "clone", "--depth=1", "--branch", branch, url, dir).Run(); err != nil {
		return "", err
	}
	out, err := exec.CommandContext(ctx, "git", "-C", dir, "rev-parse", "HEAD").Output()
	if err != nil {
		return "", err
	}
	return branch + "@sha1:" + strings.TrimSpace(string(out)), nil
}

// listBucket lists a bucket served as a plain directory tree.
func listBucket(ctx context.Context, endpoint, bucket string) ([]string, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	entries, err := os.ReadDir(endpoint + "/" + bucket)
	if err != nil {
		return nil, err
	}
	keys := make([]string, 0, len(entries))
	for _, e := range entries {
		keys = append(keys, e.Name())
	}
	return keys, nil
}

// listTags lists the tags of an image with the crane command line.
func listTags(ctx context.Context, image string) ([]string, error) {
	out, err := exec.CommandContext(ctx, "crane", "ls", image).Output()
	if err != nil {
		return nil, err
	}
	return strings.Fields(string(out)), nil
}
