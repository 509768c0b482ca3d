// Package controller holds the reconcilers of the example controllers:
// podinfo's (podinfo_controller.go), a small controller to try the
// analyzer on, and those of the source and helm controllers, which show
// the rule's harder cases.
//
// The module is in the middle of the move from the core/v1 event API
// (k8s.io/client-go/tools/record) to the events.k8s.io/v1 one
// (k8s.io/client-go/tools/events), as Flux's controllers are: the podinfo,
// GitRepository and Bucket reconcilers emit through Flux's events.Recorder
// and controller-runtime's recorder.EventRecorder, with an action and a
// related object; the HelmRelease reconciler still records its Kubernetes
// events through the core/v1 recorder.
//
// Every line the analyzer should report ends in a "finding:" comment
// that says why; the other event emissions are guarded against a
// cancelled reconcile context.
package controller
