package derived

import (
	"context"

	corev1 "k8s.io/api/core/v1"
)

// A closure's own context hides the parameter: no name reaches the
// context shutdown cancels.
func (r *R) Hidden(ctx context.Context, obj *corev1.ConfigMap) {
	func() {
		ctx := context.Background()
		_ = r.scan(ctx, obj)
		r.rec.Event(obj, corev1.EventTypeWarning, "ScanFailed", "failed") // want `\(no fix: ctx here is the variable declared at line 13, not the context shutdown cancels; keep that context under a name of its own\)`
	}()
}

// The derived context is assigned on some paths only: a use after the if
// may hold either, and := in the if would declare cancel anew.
func (r *R) Sometimes(ctx context.Context, obj *corev1.ConfigMap, slow bool) {
	cancel := func() {}
	if slow {
		ctx, cancel = context.WithTimeout(ctx, r.timeout)
	}
	err := r.scan(ctx, obj)
	cancel()
	if err != nil {
		r.rec.Event(obj, corev1.EventTypeWarning, "ScanFailed", err.Error()) // want `\(no fix: ctx here holds the context of context\.WithTimeout \(line 24\), which the code cancels itself; give that context a name of its own so that ctx stays the context shutdown cancels; it cannot be renamed: `
	}
}

// A cancel function kept in a field may be called at any time: the
// check tests the parameter, and the derived context cannot take a name
// of its own in an assignment to a field, so the fix keeps the parameter
// under a name of its own before the derivation.
func (r *R) Field(ctx context.Context, obj *corev1.ConfigMap) {
	ctx, r.cancel = context.WithCancel(ctx)
	if err := r.scan(ctx, obj); err != nil {
		r.rec.Event(obj, corev1.EventTypeWarning, "ScanFailed", err.Error()) // want `check errors\.Is\(parentCtx\.Err\(\), context\.Canceled\) first$`
	}
}

// Cancel functions in a map and a channel, a cancel in a select arm, and
// goto: the code may have cancelled the context, and the fix checks the
// parameter.
func (r *R) Stored(ctx context.Context, obj *corev1.ConfigMap, cancels map[string]context.CancelFunc, done chan struct{}) {
	mctx, mcancel := context.WithCancel(ctx)
	cancels["m"] = mcancel
	if err := r.scan(mctx, obj); err != nil {
		r.rec.Event(obj, corev1.EventTypeWarning, "MapFailed", err.Error()) // want `event "MapFailed" emitted by r\.rec\.Event is not guarded`
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	select {
	case <-done:
		cancel()
	default:
	}
retry:
	if err := r.scan(ctx, obj); err != nil {
		r.rec.Event(obj, corev1.EventTypeWarning, "SelectFailed", err.Error()) // want `event "SelectFailed" emitted by r\.rec\.Event is not guarded`
		goto retry
	}
}
