package scope

// Under scope reconcile, a call through an interface of the package
// reaches its implementations: one with a context of its own is reconcile
// code, checked itself; one that no root reaches is not: it is an emitter,
// like every function outside reconcile code, and makes the interface's
// method an emitter method.

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
	other(ctx context.Context) // want other:`emitter\(otherImpl.other -> rec.Event@scope_ifaces.go:33; type="Warning"\)`
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

// otherImpl.other has a context of its own, but no root reaches it:
// unreached.other is an emitter method, and callsOther, outside reconcile
// code too, an emitter.
func callsOther(ctx context.Context, u unreached) { // want callsOther:`emitter\(u.other@scope_ifaces.go:46 -> otherImpl.other -> rec.Event@scope_ifaces.go:33; type="Warning"\)`
	u.other(ctx)
}

// A method value of an interface method reaches the implementations as a
// call does (karpenter's disruption.ShouldDisrupt): drift.shouldDisrupt is
// reconcile code, checked itself.
type method interface {
	shouldDisrupt(ctx context.Context) bool
}

type drift struct{}

func (drift) shouldDisrupt(ctx context.Context) bool {
	rec.Event(nil, corev1.EventTypeWarning, "DriftDetected", "reached through a method value") // want `event "DriftDetected" emitted by rec\.Event is not guarded`
	return true
}

var disruptRoot = reconcile.Func(func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var m method = drift{}
	shouldDisrupt := m.shouldDisrupt
	filter(ctx, shouldDisrupt)
	return reconcile.Result{}, nil
})

func filter(ctx context.Context, keep func(context.Context) bool) bool { return keep(ctx) } // want filter:`runs\(1\)`
