// Command podinfo-controller runs the podinfo configuration controller.
package main

import (
	"flag"
	"os"

	"github.com/fluxcd/pkg/runtime/events"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"

	"example.com/controllers/internal/controller"
)

const controllerName = "podinfo-controller"

func main() {
	var eventsAddr string
	flag.StringVar(&eventsAddr, "events-addr", "", "address of the notification-controller events endpoint")
	flag.Parse()

	log := ctrl.Log.WithName(controllerName)

	scheme := runtime.NewScheme()
	if err := corev1.AddToScheme(scheme); err != nil {
		log.Error(err, "unable to register core types")
		os.Exit(1)
	}

	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{Scheme: scheme})
	if err != nil {
		log.Error(err, "unable to create manager")
		os.Exit(1)
	}

	recorder, err := events.NewRecorder(mgr, log, eventsAddr, controllerName)
	if err != nil {
		log.Error(err, "unable to create event recorder")
		os.Exit(1)
	}

	r := &controller.PodinfoReconciler{
		Client:        mgr.GetClient(),
		EventRecorder: recorder,
	}
	if err := r.SetupWithManager(mgr); err != nil {
		log.Error(err, "unable to create controller")
		os.Exit(1)
	}

	if err := mgr.Start(ctrl.SetupSignalHandler()); err != nil {
		log.Error(err, "manager exited with an error")
		os.Exit(1)
	}
}
