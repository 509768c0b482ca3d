package scope // want package:"reachesSinks" package:`checks\(R\.Reconcile\[fix 0\] R\.Run\[fix 0\]\)`

// Scope reconcile: only code that a Reconcile method (or -roots) reaches
// through calls or references is checked; the rest are emitters.

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type R struct {
	rec record.EventRecorder
	obj *corev1.ConfigMap
}

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Reconcile", "x") // want `event "Reconcile" emitted by r\.rec\.Event is not guarded`
	steps := []func(context.Context) error{r.reconcileSource, r.reconcileArtifact}
	for _, step := range steps {
		_ = step(ctx)
	}
	r.helper(ctx)
	return reconcile.Result{}, nil
}

func (r *R) reconcileSource(ctx context.Context) error {
	r.rec.Event(r.obj, corev1.EventTypeWarning, "ReconcileSource", "reached by reference") // want `event "ReconcileSource" emitted by r\.rec\.Event is not guarded`
	return nil
}

func (r *R) reconcileArtifact(ctx context.Context) error {
	go func() {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "closure inside reconcile code") // want `in a goroutine`
	}()
	return nil
}

func (r *R) helper(ctx context.Context) {
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Helper", "reached by a call") // want `event "Helper" emitted by r\.rec\.Event is not guarded`
}

// Serve is not reconcile code: under scope reconcile it is an emitter.
func (r *R) Serve(ctx context.Context) { // want Serve:`emitter`
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "outside reconcile code")
}

// A literal converted to reconcile.Func is a root, and so is one given
// where a reconcile.TypedFunc is expected.
var (
	funcRoot = reconcile.Func(func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
		rec.Event(nil, corev1.EventTypeWarning, "Serve", "in a reconcile.Func") // want `event "Serve" emitted by rec\.Event is not guarded`
		return reconcile.Result{}, nil
	})
	typedRoot reconcile.TypedFunc[string] = func(ctx context.Context, key string) (reconcile.Result, error) {
		rec.Event(nil, corev1.EventTypeWarning, "Serve2", "in a reconcile.TypedFunc") // want `event "Serve2" emitted by rec\.Event is not guarded`
		return reconcile.Result{}, nil
	}
	// notRoot is a plain function value: outside reconcile code, its
	// literal is an emitter.
	notRoot = func(ctx context.Context) {
		rec.Event(nil, corev1.EventTypeWarning, "Failed", "not reconcile code")
	}
)

var rec record.EventRecorder

func register(f reconcile.Func) {} // want register:`runs\(0\)`

func registers() {
	register(func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
		rec.Event(nil, corev1.EventTypeWarning, "Registers", "an argument of type reconcile.Func") // want `event "Registers" emitted by rec\.Event is not guarded`
		return reconcile.Result{}, nil
	})
}

// Run is a root by -roots.
func (r *R) Run(ctx context.Context) {
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Run", "in a configured root") // want `event "Run" emitted by r\.rec\.Event is not guarded`
}

// A literal that a return statement converts to reconcile.Func is a root,
// also from a literal; one returned as a plain function value is not.
func newFunc() reconcile.Func {
	return func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
		rec.Event(nil, corev1.EventTypeWarning, "ReturnedFunc", "returned as a reconcile.Func") // want `event "ReturnedFunc" emitted by rec\.Event is not guarded`
		return reconcile.Result{}, nil
	}
}

var newTyped = func() (reconcile.TypedFunc[string], error) {
	return func(ctx context.Context, key string) (reconcile.Result, error) {
		rec.Event(nil, corev1.EventTypeWarning, "ReturnedTypedFunc", "returned as a reconcile.TypedFunc") // want `event "ReturnedTypedFunc" emitted by rec\.Event is not guarded`
		return reconcile.Result{}, nil
	}, nil
}

func newPlain() func(context.Context) {
	return func(ctx context.Context) {
		rec.Event(nil, corev1.EventTypeWarning, "Failed", "returned as a plain function")
	}
}
