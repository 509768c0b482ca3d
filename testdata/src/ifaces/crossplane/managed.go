package crossplane // want package:"reachesSinks" package:`checks\(Reconciler\.Reconcile\[0\]\)`

// A managed reconciler in crossplane-runtime's style: every event goes
// through event.Recorder, an emitter interface method of another package
// (its fact names APIRecorder.Event).

import (
	"context"
	"errors"

	"github.com/crossplane/crossplane-runtime/pkg/event"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

const (
	reasonCannotConnect event.Reason = "CannotConnectToProvider"
	reasonCannotUpdate  event.Reason = "CannotUpdateManagedResource"
	reasonUpdated       event.Reason = "UpdatedExternalResource"
)

type Reconciler struct {
	client client.Client
	record event.Recorder
	log    logging
}

type logging struct{ event.Recorder } // an embedded interface field

func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	managed := &corev1.ConfigMap{}
	if err := r.client.Get(ctx, req.NamespacedName, managed); err != nil {
		r.record.Event(managed, event.Warning(reasonCannotConnect, err)) // want `r.record.Event\(managed, …\) emits an event \(APIRecorder.Event calls r.kube.AnnotatedEventf at event.go:\d+\) without a cancellation check`
		return reconcile.Result{}, err
	}
	record := r.record.WithAnnotations("external-name", managed.GetName())
	if err := r.client.Update(ctx, managed); err != nil {
		if errors.Is(ctx.Err(), context.Canceled) {
			return reconcile.Result{}, err
		}
		record.Event(managed, event.Warning(reasonCannotUpdate, err))
		return reconcile.Result{}, err
	}
	record.Event(managed, event.Normal(reasonUpdated, "Successfully updated"))          // want `record.Event\(managed, …\) emits an event \(APIRecorder.Event calls`
	r.record.WithAnnotations("k", "v").Event(managed, event.Normal(reasonUpdated, "x")) // want `r.record.WithAnnotations\("k", "v"\).Event\(managed, event.Normal\(reasonUpdated, "x"\)\) emits an event \(APIRecorder.Event calls`
	r.log.Event(managed, event.Normal(reasonUpdated, "embedded"))                       // want `r.log.Event\(managed, …\) emits an event \(APIRecorder.Event calls`
	publish(ctx, r.record, managed)
	r.warn(managed, errors.New("x"))                                       // want `r.warn\(managed, errors.New\("x"\)\) emits an event \(r.kube.AnnotatedEventf at event.go:\d+\)`
	defer r.record.Event(managed, event.Normal(reasonUpdated, "deferred")) // want `deferred call of r.record.Event\(managed, …\) emits an event \(APIRecorder.Event calls`
	go r.record.Event(managed, event.Normal(reasonUpdated, "goroutine"))   // want `r.record.Event\(managed, …\) emits an event \(APIRecorder.Event calls r.kube.AnnotatedEventf at event.go:\d+\) in a goroutine`
	return reconcile.Result{}, nil
}

// publish's type parameter is constrained by event.Recorder.
func publish[R event.Recorder](ctx context.Context, rec R, obj runtime.Object) {
	rec.Event(obj, event.Normal(reasonUpdated, "generic")) // want `rec.Event\(obj, …\) emits an event \(APIRecorder.Event calls`
}

// warn has no context: an emitter through the interface (facts).
func (r *Reconciler) warn(obj runtime.Object, err error) { // want warn:`emitter\(r.record.Event@managed.go:\d+ -> APIRecorder.Event -> r.kube.AnnotatedEventf@event.go:\d+\)`
	r.record.Event(obj, event.Warning(reasonCannotUpdate, err))
}

// A NopRecorder does not emit; neither does WithAnnotations.
func quiet(ctx context.Context, obj runtime.Object) {
	nop := event.NewNopRecorder()
	nop.Event(obj, event.Normal(reasonUpdated, "nop"))
	_ = nop.WithAnnotations("k", "v")
	var rec event.Recorder = event.NewAPIRecorder(nil)
	_ = rec.WithAnnotations("k", "v")
}
