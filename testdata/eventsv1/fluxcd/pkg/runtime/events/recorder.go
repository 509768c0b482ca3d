// Stub of github.com/fluxcd/pkg/runtime/events v0.117 for tests: same
// package path, names and signatures as the real package (a subset),
// trivial bodies. Up to v0.111 Recorder was a struct with the core/v1
// methods: ../../../../../src/github.com/fluxcd/pkg/runtime/events.

package events

import (
	"github.com/go-logr/logr"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/events"
	kuberecorder "k8s.io/client-go/tools/record"
)

// Recorder posts events to the Kubernetes API and any other event recorder
// webhook address, like the GitOps Toolkit notification-controller.
type Recorder interface {
	// EventRecorder records events with a formatted message.
	events.EventRecorder

	// AnnotatedEventRecorder records events with annotations and a formatted message.
	events.AnnotatedEventRecorder
}

type recorder struct {
	webhook             string
	reportingController string
	scheme              *runtime.Scheme
	log                 logr.Logger
}

// RecorderOption configures a Recorder.
type RecorderOption func(*recorder)

// NewRecorder creates an event Recorder.
func NewRecorder(log logr.Logger, webhook, reportingController string, opts ...RecorderOption) (Recorder, error) {
	r := &recorder{webhook: webhook, reportingController: reportingController, log: log}
	for _, opt := range opts {
		opt(r)
	}
	return r, nil
}

// WithScheme sets the scheme used to look up the recorded objects.
func WithScheme(scheme *runtime.Scheme) RecorderOption {
	return func(r *recorder) { r.scheme = scheme }
}

// WithEventRecorder sets the events.k8s.io/v1 Kubernetes Event backend.
func WithEventRecorder(er events.AnnotatedEventRecorder) RecorderOption {
	return func(r *recorder) {}
}

// WithLegacyEventRecorder sets the core/v1 Kubernetes Event backend.
func WithLegacyEventRecorder(er kuberecorder.EventRecorder) RecorderOption {
	return func(r *recorder) {}
}

// Eventf records an event with the given message.
func (r *recorder) Eventf(object runtime.Object, related runtime.Object, eventtype, reason string, action string, messageFmt string, args ...interface{}) {
	r.AnnotatedEventf(object, related, nil, eventtype, reason, action, messageFmt, args...)
}

// AnnotatedEventf constructs an event from the given information and
// performs a HTTP POST to the webhook address.
func (r *recorder) AnnotatedEventf(
	object runtime.Object,
	related runtime.Object,
	inputAnnotations map[string]string,
	eventtype, reason string,
	action string,
	messageFmt string, args ...interface{}) {
}
