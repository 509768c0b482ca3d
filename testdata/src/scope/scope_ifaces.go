package scope

// Under scope reconcile, a call through an interface of the package
// reaches its implementations: one with a context of its own is reconcile
// code, checked itself; one that no root reaches is not (an emitter).

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type stepper interface {
	step(ctx context.Context)
}

type sourceStep struct{}

func (sourceStep) step(ctx context.Context) {
	rec.Event(nil, corev1.EventTypeWarning, "ThroughInterface", "reached through an interface") // want `event "ThroughInterface" emitted by rec\.Event is not guarded`
}

type unreached interface {
	other(ctx context.Context)
}

type otherImpl struct{}

func (otherImpl) other(ctx context.Context) { // want other:`emitter`
	rec.Event(nil, corev1.EventTypeWarning, "Failed", "no root reaches it")
}

var stepRoot = reconcile.Func(func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var s stepper = sourceStep{}
	s.step(ctx)
	return reconcile.Result{}, nil
})

// otherImpl.other has a context of its own: unreached.other is no emitter
// method, and callsOther no emitter.
func callsOther(ctx context.Context, u unreached) {
	u.other(ctx)
}
