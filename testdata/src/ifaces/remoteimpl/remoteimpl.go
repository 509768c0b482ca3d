package remoteimpl // want package:"reachesSinks"

// An implementation of another package's interface is not followed from
// calls through that interface, even in the implementation's package.

import (
	"context"

	"ifaces/remote"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/record"
)

type recorderSender struct{ rec record.EventRecorder }

var _ remote.Sender = recorderSender{}

func (s recorderSender) Send(obj runtime.Object, msg string) { // want Send:`emitter`
	s.rec.Event(obj, corev1.EventTypeWarning, "Failed", msg)
}

type R struct {
	sender remote.Sender
	obj    *corev1.ConfigMap
}

func (r *R) Reconcile(ctx context.Context) {
	r.sender.Send(r.obj, "not followed")
}
