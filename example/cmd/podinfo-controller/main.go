// Command podinfo-controller runs the podinfo configuration controller.
package main

import (
	"errors"
	"flag"
	"os"

	"github.com/fluxcd/pkg/runtime/events"
	appsv1 "k8s.io/api/apps/v1"
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
	// The Deployments are the related objects of the rollout events.
	if err := errors.Join(corev1.AddToScheme(scheme), appsv1.AddToScheme(scheme)); err != nil {
		log.Error(err, "unable to register core and apps types")
		os.Exit(1)
	}

	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{Scheme: scheme})
	if err != nil {
		log.Error(err, "unable to create manager")
		os.Exit(1)
	}

	recorder, err := events.NewRecorder(log, eventsAddr, controllerName, events.WithManager(mgr))
	if err != nil {
		log.Error(err, "unable to create event recorder")
		os.Exit(1)
	}

	r := &controller.PodinfoReconciler{
		Client:   mgr.GetClient(),
		Recorder: recorder,
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
