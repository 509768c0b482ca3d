package names // want package:"reachesSinks" package:`checks\(Reconciler\.Reconcile\[fix 0\]\)`

// The name the new parameter takes hides nothing the helper uses.

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
)

type Reconciler struct {
	recorder record.EventRecorder
	obj      *corev1.ConfigMap
}

func (r *Reconciler) Reconcile(_ context.Context, obj *corev1.ConfigMap) {
	r.blank(obj, "Blank")         // want `r.blank\(obj, "Blank"\) emits an event`
	r.localCtx(obj)               // want `r.localCtx\(obj\) emits an event`
	r.unnamed(obj, "Unnamed")     // want `r.unnamed\(obj, "Unnamed"\) emits an event`
	receiverNamedCtx{r}.emit(obj) // want `receiverNamedCtx{…}.emit\(obj\) emits an event`
}

// blank has a parameter it does not use.
func (r *Reconciler) blank(obj *corev1.ConfigMap, _ string) { // want blank:`emitter`
	r.recorder.Event(obj, corev1.EventTypeWarning, "Blank", "blank parameter")
}

// localCtx declares a ctx of its own: the parameter is ctx2.
func (r *Reconciler) localCtx(obj *corev1.ConfigMap) { // want localCtx:`emitter`
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_ = ctx
	r.recorder.Event(obj, corev1.EventTypeWarning, "Local", "a local ctx")
}

func (r *Reconciler) unnamed(*corev1.ConfigMap, string) { // want unnamed:`emitter`
	r.recorder.Event(r.obj, corev1.EventTypeWarning, "Unnamed", "unnamed parameters")
}

type receiverNamedCtx struct{ r *Reconciler }

func (ctx receiverNamedCtx) emit(obj *corev1.ConfigMap) { // want emit:`emitter`
	ctx.r.recorder.Event(obj, corev1.EventTypeWarning, "Receiver", "a receiver named ctx")
}
