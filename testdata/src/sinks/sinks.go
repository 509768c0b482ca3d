package sinks // want package:"reachesSinks" package:`checks\(Reconciler\.Reconcile\[fix 0\]\)`

// Every form of event sink, and look-alikes that are not.

import (
	"context"

	fluxevents "github.com/fluxcd/pkg/runtime/events"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/events"
	"k8s.io/client-go/tools/record"
	"k8s.io/klog/v2"
)

type Reconciler struct {
	record.EventRecorder // embedded recorder: r.Eventf is a sink
	logger               record.EventRecorderLogger
	newAPI               events.EventRecorder
	flux                 *fluxevents.Recorder
	fake                 *record.FakeRecorder
	narrow               eventfOnly
	custom               *customRecorder
	anyRec               anyRecorder
	lookalike            *notARecorder
}

// eventfOnly narrows the recorder to the one method a package needs.
type eventfOnly interface {
	Eventf(object runtime.Object, eventtype, reason, messageFmt string, args ...interface{})
}

// customRecorder is a recorder of the package's own.
type customRecorder struct{}

func (*customRecorder) Eventf(object runtime.Object, eventtype, reason, messageFmt string, args ...interface{}) {
}

// anyRecorder declares its arguments with ...any: the same type.
type anyRecorder struct{}

func (anyRecorder) Eventf(o runtime.Object, eventtype, reason, messageFmt string, args ...any) {}

// notARecorder only shares the method name.
type notARecorder struct{}

func (*notARecorder) Eventf(format string, args ...interface{}) {}
func (*notARecorder) Event(name string)                         {}

func (r *Reconciler) Reconcile(ctx context.Context, obj *corev1.ConfigMap) {
	r.Eventf(obj, corev1.EventTypeWarning, "Failed", "embedded %s", "x")             // want `event "\w+" emitted by r.Eventf is not guarded against context cancellation`
	r.EventRecorder.Event(obj, corev1.EventTypeWarning, "Failed", "field")           // want `event "\w+" emitted by r.EventRecorder.Event is not guarded`
	r.AnnotatedEventf(obj, nil, corev1.EventTypeWarning, "Failed", "annotated")      // want `event "\w+" emitted by r.AnnotatedEventf`
	r.logger.Eventf(obj, corev1.EventTypeWarning, "Failed", "logger")                // want `event "\w+" emitted by r.logger.Eventf`
	r.logger.WithLogger(nilLogger()).Event(obj, corev1.EventTypeNormal, "Ok", "msg") // want `event "\w+" emitted by r.logger.WithLogger\(nilLogger\(\)\).Event`
	r.newAPI.Eventf(obj, nil, corev1.EventTypeWarning, "Failed", "Reconcile", "new") // want `event "\w+" emitted by r.newAPI.Eventf`
	r.flux.Eventf(obj, corev1.EventTypeWarning, "Failed", "flux")                    // want `event "\w+" emitted by r.flux.Eventf`
	r.flux.AnnotatedEventf(obj, nil, corev1.EventTypeWarning, "Failed", "flux")      // want `event "\w+" emitted by r.flux.AnnotatedEventf`
	r.fake.Event(obj, corev1.EventTypeWarning, "Failed", "fake")                     // want `event "\w+" emitted by r.fake.Event`
	r.narrow.Eventf(obj, corev1.EventTypeWarning, "Failed", "narrow")                // want `event "\w+" emitted by r.narrow.Eventf`
	r.custom.Eventf(obj, corev1.EventTypeWarning, "Failed", "custom")                // want `event "\w+" emitted by r.custom.Eventf`
	r.anyRec.Eventf(obj, corev1.EventTypeWarning, "Failed", "any")                   // want `event "Failed" emitted by r.anyRec.Eventf`
	r.lookalike.Eventf("not an event %s", "x")
	r.lookalike.Event("not an event")

	emit := r.Eventf                                      // a method value, statically resolvable
	emit(obj, corev1.EventTypeWarning, "Failed", "value") // want `event "\w+" emitted by emit is not guarded`

	var maybe func(runtime.Object, string, string, string, ...interface{})
	if obj != nil {
		maybe = r.Eventf
	} else {
		maybe = r.flux.Eventf
	}
	maybe(obj, corev1.EventTypeWarning, "Failed", "two assignments: not followed")
}

func nilLogger() klog.Logger { return klog.Logger{} }
