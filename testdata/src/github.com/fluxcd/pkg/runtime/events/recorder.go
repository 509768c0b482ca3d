// Stub of github.com/fluxcd/pkg/runtime/events for tests: same package path,
// names and signatures as the real package, trivial bodies.

package events

import (
	"github.com/go-logr/logr"
	"k8s.io/apimachinery/pkg/runtime"
	kuberecorder "k8s.io/client-go/tools/record"
)

// Recorder posts events to the Kubernetes API and any other event recorder
// webhook address, like the GitOps Toolkit notification-controller.
type Recorder struct {
	// URL address of the events endpoint.
	Webhook string

	// Name of the controller that emits events.
	ReportingController string

	// EventRecorder is the Kubernetes event recorder.
	EventRecorder kuberecorder.EventRecorder

	// Scheme to look up the recorded objects.
	Scheme *runtime.Scheme

	// Log is the recorder logger.
	Log logr.Logger
}

var _ kuberecorder.EventRecorder = &Recorder{}

// NewRecorderForScheme creates an event Recorder.
func NewRecorderForScheme(scheme *runtime.Scheme,
	eventRecorder kuberecorder.EventRecorder,
	log logr.Logger, webhook, reportingController string) (*Recorder, error) {
	return &Recorder{
		Scheme:              scheme,
		Webhook:             webhook,
		ReportingController: reportingController,
		EventRecorder:       eventRecorder,
		Log:                 log,
	}, nil
}

// Event records an event in the webhook address.
func (r *Recorder) Event(object runtime.Object, eventtype, reason, message string) {}

// Eventf records an event in the webhook address.
func (r *Recorder) Eventf(object runtime.Object, eventtype, reason, messageFmt string, args ...interface{}) {
}

// AnnotatedEventf constructs an event from the given information and performs
// a HTTP POST to the webhook address.
func (r *Recorder) AnnotatedEventf(
	object runtime.Object,
	inputAnnotations map[string]string,
	eventtype, reason string,
	messageFmt string, args ...interface{}) {
}
