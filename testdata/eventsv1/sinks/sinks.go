package sinks // want package:"reachesSinks" package:`checks\(Reconciler\.Reconcile\[fix 0\]\)`

// Every form of events.k8s.io/v1 sink, and look-alikes that are not, in a
// code base in the middle of the migration: core/v1 calls still count.

import (
	"context"

	fluxevents "github.com/fluxcd/pkg/runtime/events"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/events"
	"k8s.io/client-go/tools/record"
	"k8s.io/klog/v2"
	"sigs.k8s.io/controller-runtime/pkg/recorder"
)

type Reconciler struct {
	recorder.EventRecorder // embedded, what mgr.GetEventRecorder returns: r.AnnotatedEventf is a sink
	annotated              events.AnnotatedEventRecorder
	logger                 events.EventRecorderLogger
	clientFake             *events.FakeRecorder
	flux                   fluxevents.Recorder
	fluxFake               *fluxevents.FakeRecorder
	legacy                 record.EventRecorder
	narrow                 annotatedOnly
	custom                 *customRecorder
	lookalike              *notARecorder
	returns                *withResult
}

// annotatedOnly narrows the recorder to the one method a package needs.
type annotatedOnly interface {
	AnnotatedEventf(regarding, related runtime.Object, annotations map[string]string, eventtype, reason, action, note string, args ...any)
}

// customRecorder is a recorder of the package's own, in the new shape.
type customRecorder struct{}

func (*customRecorder) Eventf(regarding, related runtime.Object, eventtype, reason, action, note string, args ...interface{}) {
}

// notARecorder shares the names, not the parameter lists.
type notARecorder struct{}

func (*notARecorder) AnnotatedEventf(regarding, related runtime.Object, eventtype, reason, action, note string, args ...interface{}) {
}
func (*notARecorder) Eventf(regarding runtime.Object, related runtime.Object, eventtype, reason, note string, args ...interface{}) {
}

// withResult has a recorder's parameter list, but a result: not a sink.
type withResult struct{}

func (*withResult) AnnotatedEventf(regarding, related runtime.Object, annotations map[string]string, eventtype, reason, action, note string, args ...interface{}) error {
	return nil
}

func (r *Reconciler) Reconcile(ctx context.Context, obj, related *corev1.ConfigMap) {
	ann := map[string]string{"revision": "main@sha1:abc"}
	r.Eventf(obj, nil, corev1.EventTypeWarning, "EmbeddedFailed", "Reconcile", "embedded %s", "x")                  // want `event "EmbeddedFailed" emitted by r.Eventf is not guarded`
	r.AnnotatedEventf(obj, related, ann, corev1.EventTypeWarning, "EmbeddedAnnotated", "Reconcile", "embedded")     // want `event "EmbeddedAnnotated" emitted by r.AnnotatedEventf is not guarded`
	r.EventRecorder.AnnotatedEventf(obj, nil, ann, corev1.EventTypeNormal, "FieldAnnotated", "Reconcile", "field")  // want `event "FieldAnnotated" emitted by r.EventRecorder.AnnotatedEventf`
	r.annotated.AnnotatedEventf(obj, nil, nil, corev1.EventTypeWarning, "ClientGoAnnotated", "Reconcile", "client") // want `event "ClientGoAnnotated" emitted by r.annotated.AnnotatedEventf`
	r.logger.Eventf(obj, nil, corev1.EventTypeWarning, "LoggerFailed", "Reconcile", "logger")                       // want `event "LoggerFailed" emitted by r.logger.Eventf`
	r.logger.WithLogger(klog.Logger{}).Eventf(obj, nil, corev1.EventTypeWarning, "WithLogger", "Reconcile", "l")    // want `event "WithLogger" emitted by r.logger.WithLogger\(klog.Logger\{\}\).Eventf`
	r.clientFake.AnnotatedEventf(obj, nil, nil, corev1.EventTypeWarning, "ClientGoFake", "Reconcile", "fake")       // want `event "ClientGoFake" emitted by r.clientFake.AnnotatedEventf`
	r.flux.Eventf(obj, nil, corev1.EventTypeWarning, "FluxFailed", "Reconcile", "flux")                             // want `event "FluxFailed" emitted by r.flux.Eventf`
	r.flux.AnnotatedEventf(obj, related, ann, corev1.EventTypeWarning, "FluxAnnotated", "Reconcile", "flux")        // want `event "FluxAnnotated" emitted by r.flux.AnnotatedEventf`
	r.fluxFake.AnnotatedEventf(obj, nil, ann, corev1.EventTypeWarning, "FluxFake", "Reconcile", "fake")             // want `event "FluxFake" emitted by r.fluxFake.AnnotatedEventf`
	r.legacy.AnnotatedEventf(obj, ann, corev1.EventTypeWarning, "LegacyAnnotated", "core/v1 %s", "still")           // want `event "LegacyAnnotated" emitted by r.legacy.AnnotatedEventf`
	r.narrow.AnnotatedEventf(obj, nil, nil, corev1.EventTypeWarning, "NarrowAnnotated", "Reconcile", "narrow")      // want `event "NarrowAnnotated" emitted by r.narrow.AnnotatedEventf`
	r.custom.Eventf(obj, nil, corev1.EventTypeWarning, "CustomFailed", "Reconcile", "custom")                       // want `event "CustomFailed" emitted by r.custom.Eventf`
	r.lookalike.AnnotatedEventf(obj, nil, corev1.EventTypeWarning, "NotAnEvent", "Reconcile", "no annotations")
	r.lookalike.Eventf(obj, nil, corev1.EventTypeWarning, "NotAnEvent", "no action")
	_ = r.returns.AnnotatedEventf(obj, nil, ann, corev1.EventTypeWarning, "NotAnEvent", "Reconcile", "result")

	emit := r.flux.AnnotatedEventf                                                              // a method value, statically resolvable
	emit(obj, nil, ann, corev1.EventTypeWarning, "ValueAnnotated", "Reconcile", "method value") // want `event "ValueAnnotated" emitted by emit is not guarded`

	var reason = "Dynamic"
	r.flux.Eventf(obj, nil, corev1.EventTypeWarning, reason, "Reconcile", "not constant") // want `event emitted by r.flux.Eventf\(obj, nil, corev1.EventTypeWarning, reason, "Reconcile", "not constant"\) is not guarded`
}

// Guarded calls of the new API: nothing to report.
func (r *Reconciler) guarded(ctx context.Context, obj *corev1.ConfigMap) {
	if canceled(ctx) {
		return
	}
	r.flux.AnnotatedEventf(obj, nil, nil, corev1.EventTypeWarning, "Guarded", "Reconcile", "guarded")
}

// canceled is a guard function: it returns true exactly when the
// context was cancelled.
func canceled(ctx context.Context) bool { // want canceled:"guard"
	return ctx.Err() == context.Canceled
}

// notify has a type parameter constrained by the new AnnotatedEventf.
func notify[R annotatedOnly](ctx context.Context, rec R, obj runtime.Object) {
	rec.AnnotatedEventf(obj, nil, nil, corev1.EventTypeWarning, "TypeParam", "Notify", "generic") // want `event "TypeParam" emitted by rec.AnnotatedEventf`
}

var _ = notify[*fluxevents.FakeRecorder]
