// Package controller holds the reconcilers of the example controllers:
// podinfo's (podinfo_controller.go), a small controller to try the
// analyzer on, and those of the source and helm controllers, which show
// the rule's harder cases.
//
// Every line the analyzer should report ends in a "finding:" comment
// that says why; the other event emissions are guarded against a
// cancelled reconcile context.
package controller
