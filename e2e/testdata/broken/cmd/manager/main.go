// Command manager runs the Bucket controller and the web console.
package main

import (
	"context"
	"errors"
	"net/http"
	"os"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/tools/record"
	ctrl "sigs.k8s.io/controller-runtime"

	storagev1 "example.com/objectstore/api/v1"
	"example.com/objectstore/internal/console"
	"example.com/objectstore/internal/controller"
)

func main() {
	scheme := runtime.NewScheme()
	_ = clientgoscheme.AddToScheme(scheme)
	_ = storagev1.AddToScheme(scheme)
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{Scheme: scheme})
	if err != nil {
		ctrl.Log.Error(err, "creating the manager")
		os.Exit(1)
	}
	recorder := mgr.GetEventRecorderFor("objectstore") //nolint:staticcheck // the core/v1 API, as the reconciler's
	reconciler := &controller.BucketReconciler{Client: mgr.GetClient(), Recorder: recorder, Fetcher: nil}
	if err := reconciler.SetupWithManager(mgr); err != nil {
		ctrl.Log.Error(err, "setting up the controller")
		os.Exit(1)
	}
	srv := &console.Server{Client: mgr.GetClient(), Recorder: recorder, Resync: reconciler.Resync}
	ctx := ctrl.SetupSignalHandler()
	go serveConsole(ctx, srv, recorder)
	if err := mgr.Start(ctx); err != nil {
		ctrl.Log.Error(err, "running the manager")
		os.Exit(1)
	}
}

// serveConsole serves the console until ctx is done.
func serveConsole(ctx context.Context, srv *console.Server, recorder record.EventRecorder) {
	h, err := srv.Handler()
	if err != nil {
		ctrl.Log.Error(err, "console")
		return
	}
	hs := &http.Server{Addr: ":8080", Handler: h}
	go func() {
		<-ctx.Done()
		_ = hs.Shutdown(context.Background())
	}()
	if err := hs.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		self := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: os.Getenv("POD_NAME"), Namespace: os.Getenv("POD_NAMESPACE")}}
		recorder.Eventf(self, corev1.EventTypeWarning, "ConsoleFailed", "serving the console: %v", err) // finding
	}
}
