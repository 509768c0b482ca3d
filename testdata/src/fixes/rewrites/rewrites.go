package rewrites // want package:"reachesSinks" package:`checks\(R\.Goto\[fix 0\] R\.GotoResult\[fix 0\] R\.GotoSaved\[fix 0\] R\.InCall\[fix 0\] R\.Kept\[0\] R\.Reassigned\[fix 0\] R\.Rounds\[0\] R\.RoundsLogged\[0\] R\.RoundsValue\[0\] R\.Taken\[fix 0\]\)`

// RULE v8: what the fix declares compiles, and changes what no closure
// reads. A rename that a closure would see is replaced by the parent kept
// under a name of its own; a declaration a goto would jump over is made
// with var where that is legal, or not at all; names are fresh wherever
// they are seen.

import (
	"context"
	"errors"
	"time"

	"golang.org/x/sync/errgroup"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
)

type R struct {
	rec     record.EventRecorder
	timeout time.Duration
	hooks   []func()
}

func (r *R) scan(ctx context.Context, obj *corev1.ConfigMap) error { return nil }

// OnDone keeps the hook: it runs after the function returns.
func (r *R) OnDone(hook func()) { r.hooks = append(r.hooks, hook) }

// The hook reads ctx when it runs, after ctx = context.WithoutCancel(ctx),
// and checks it: renaming the timeout's context would make it read that
// one, cancelled by then, and drop its event. The fix keeps the parameter
// under a name of its own instead.
func (r *R) Reassigned(ctx context.Context, obj *corev1.ConfigMap) {
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	r.OnDone(func() {
		if ctx.Err() == nil {
			r.rec.Event(obj, corev1.EventTypeNormal, "Hooked", "done")
		}
	})
	err := r.scan(ctx, obj)
	cancel()
	if err != nil {
		r.rec.Event(obj, corev1.EventTypeWarning, "ScanFailed", err.Error()) // want `check errors\.Is\(parentCtx\.Err\(\), context\.Canceled\) first$`
	}
	ctx = context.WithoutCancel(ctx)
	_ = r.scan(ctx, obj)
}

// A goto jumps over the derivation: the rename cannot turn = into :=, so
// the new name is declared with var beside cancel.
func (r *R) Goto(ctx context.Context, obj *corev1.ConfigMap) (err error) {
	defer func() {
		if err != nil {
			r.rec.Event(obj, corev1.EventTypeWarning, "Failed", err.Error()) // want `event "Failed" emitted by r\.rec\.Event is not guarded`
		}
	}()
	var cancel context.CancelFunc
	if obj == nil {
		goto done
	}
	ctx, cancel = context.WithTimeout(ctx, r.timeout)
	defer cancel()
	err = r.scan(ctx, obj)
done:
	return err
}

// The cancel function is a result: the new name is declared at the top
// of the block.
func (r *R) GotoResult(ctx context.Context, obj *corev1.ConfigMap) (cancel context.CancelFunc) {
	defer func() {
		r.rec.Event(obj, corev1.EventTypeNormal, "Started", "started") // want `event "Started" emitted by r\.rec\.Event is not guarded`
	}()
	if obj == nil {
		goto done
	}
	ctx, cancel = context.WithTimeout(ctx, r.timeout)
	_ = r.scan(ctx, obj)
done:
	return cancel
}

// The rename a hook would see cannot be made, and the parent cannot be
// kept under a name of its own before the derivation either: a goto jumps
// over that place. No fix.
func (r *R) GotoSaved(ctx context.Context, obj *corev1.ConfigMap, retry bool) {
	var cancel context.CancelFunc
	if retry {
		goto again
	}
	ctx, cancel = context.WithTimeout(ctx, r.timeout)
	r.OnDone(func() {
		if ctx.Err() == nil {
			r.rec.Event(obj, corev1.EventTypeNormal, "Hooked", "done")
		}
	})
	if err := r.scan(ctx, obj); err != nil {
		cancel()
		r.rec.Event(obj, corev1.EventTypeWarning, "ScanFailed", err.Error()) // want `\(no fix: ctx here holds the context of context\.WithTimeout \(line 92\), which the code cancels itself; give that context a name of its own so that ctx stays the context shutdown cancels; it cannot be renamed: ctx at line 94 may hold either context\)`
	}
	ctx = context.WithoutCancel(ctx)
again:
	_ = r.scan(ctx, obj)
}

// The literal each runs reads ctx, which is assigned after the literal is
// written: by the rule, a rename must not change what it reads, and the
// parent is kept under a name of its own.
func (r *R) InCall(ctx context.Context, obj *corev1.ConfigMap, items []string) {
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	each(items, func(string) {
		_ = r.scan(ctx, obj)
	})
	cancel()
	r.rec.Event(obj, corev1.EventTypeNormal, "Scanned", "scanned") // want `event "Scanned" emitted by r\.rec\.Event is not guarded against context cancellation: .*; check errors\.Is\(parentCtx\.Err\(\), context\.Canceled\) first$`
	ctx = context.WithoutCancel(ctx)
	_ = r.scan(ctx, obj)
}

// each runs f for each item before it returns.
func each(items []string, f func(string)) { // want each:`runs\(1\)`
	for _, it := range items {
		f(it)
	}
}

// The name the rename would take is taken where one of its uses is: a
// closure's parameter hides scanCtx there.
func (r *R) Taken(ctx context.Context, obj *corev1.ConfigMap) {
	defer func() {
		r.rec.Event(obj, corev1.EventTypeNormal, "Scanned", "scanned") // want `event "Scanned" emitted by r\.rec\.Event is not guarded`
	}()
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	_ = r.scan(ctx, obj)
	again := func(scanCtx context.Context) error {
		_ = scanCtx
		return r.scan(ctx, obj)
	}
	_ = again(context.TODO())
}

// The deferred literal reads the block's ctx when the function returns,
// after the cancel deferred after it, on the path that deferred it (an
// early return before leaves it out): no name reaches the context
// shutdown cancels there. Found by the run-time oracle.
func (r *R) BlockDeferred(ctx context.Context, obj *corev1.ConfigMap, slow bool) error {
	{
		ctx := context.WithValue(ctx, "k", 1)
		if err := r.scan(ctx, obj); err != nil {
			return err
		}
		defer func() {
			r.rec.Event(obj, corev1.EventTypeNormal, "Finished", "done") // want `event "Finished" emitted by r\.rec\.Event is not guarded against context cancellation: .* \(no fix: ctx here is the variable declared at line 150, not the context shutdown cancels; keep that context under a name of its own\)`
		}()
		if slow {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, r.timeout)
			defer cancel()
		}
	}
	return r.scan(ctx, obj)
}

// Each round's group hides the parameter and is cancelled by Wait, then
// handed to step, which checks it by hand before one event, and which the
// fix would check before another: the handoff's rename keeps the call's
// ctx, which then names the parameter, and the fix in step carries it.
// Found by the run-time oracle, where the fix in step alone dropped an
// event of every reconciliation.
func (r *R) Rounds(ctx context.Context, obj *corev1.ConfigMap) {
	for range 2 {
		g, ctx := errgroup.WithContext(ctx)
		g.Go(func() error { return r.scan(ctx, obj) })
		_ = g.Wait()
		_ = r.step(ctx, obj) // want `r\.step\(ctx, obj\) hands step a context that the code has cancelled \(errgroup\.WithContext at line 174\)`
	}
}

func (r *R) step(ctx context.Context, obj *corev1.ConfigMap) error {
	if err := r.scan(ctx, obj); err != nil {
		r.rec.Event(obj, corev1.EventTypeWarning, "StepFailed", err.Error()) // want `event "StepFailed" emitted by r\.rec\.Event is not guarded`
		return err
	}
	if !errors.Is(ctx.Err(), context.Canceled) {
		r.rec.Event(obj, corev1.EventTypeNormal, "Stepped", "m")
	}
	return nil
}

type logKey struct{}

// As Rounds, but stepValue emits under a context it makes from its
// parameter (a logger added): a check on that context tests what the
// caller handed, so the fix carries the handoff's rename too.
func (r *R) RoundsValue(ctx context.Context, obj *corev1.ConfigMap) {
	for range 2 {
		g, ctx := errgroup.WithContext(ctx)
		g.Go(func() error { return r.scan(ctx, obj) })
		_ = g.Wait()
		_ = r.stepValue(ctx, obj) // want `r\.stepValue\(ctx, obj\) hands stepValue a context that the code has cancelled \(errgroup\.WithContext at line 199\) on every path to the call: the check that the fix adds to stepValue tests it`
	}
}

func (r *R) stepValue(ctx context.Context, obj *corev1.ConfigMap) error {
	{
		ctx := context.WithValue(ctx, logKey{}, "step")
		if err := r.scan(ctx, obj); err != nil {
			r.rec.Event(obj, corev1.EventTypeWarning, "StepFailed", err.Error()) // want `event "StepFailed" emitted by r\.rec\.Event is not guarded`
			return err
		}
	}
	return nil
}

// The group's context cannot take a name of its own (the hook reads ctx,
// which may hold either context), so the fix in stepKept, whose check
// would drop the event of every reconciliation whose group failed, is not
// offered. Found by the run-time oracle.
func (r *R) Kept(ctx context.Context, obj *corev1.ConfigMap) error {
	r.OnDone(func() {
		if ctx.Err() == nil {
			r.rec.Event(obj, corev1.EventTypeNormal, "Hooked", "done")
		}
	})
	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error { return r.scan(ctx, obj) })
	_ = g.Wait()
	return r.stepKept(ctx, obj) // want `r\.stepKept\(ctx, obj\) hands stepKept a context that the code has cancelled \(errgroup\.WithContext at line 227\) .* \(no fix: ctx at line 223 may hold either context\)`
}

func (r *R) stepKept(ctx context.Context, obj *corev1.ConfigMap) error {
	{
		ctx := context.WithValue(ctx, logKey{}, "step")
		if err := r.scan(ctx, obj); err != nil {
			r.rec.Event(obj, corev1.EventTypeWarning, "StepFailed", err.Error()) // want `event "StepFailed" emitted by r\.rec\.Event is not guarded`
			return err
		}
	}
	return nil
}

// As RoundsValue, one call deeper: stepLogged hands notifyStep a context
// it made from its parameter, which the fix in notifyStep checks; so the
// call of stepLogged is a handoff too, and the fix carries its rename.
func (r *R) RoundsLogged(ctx context.Context, obj *corev1.ConfigMap) {
	for range 2 {
		g, ctx := errgroup.WithContext(ctx)
		g.Go(func() error { return r.scan(ctx, obj) })
		_ = g.Wait()
		r.stepLogged(ctx, obj) // want `r\.stepLogged\(ctx, obj\) hands stepLogged a context that the code has cancelled \(errgroup\.WithContext at line 249\) on every path to the call: stepLogged passes it on to a function that checks it`
	}
}

func (r *R) stepLogged(ctx context.Context, obj *corev1.ConfigMap) {
	r.notifyStep(context.WithValue(ctx, logKey{}, "step"), obj)
}

func (r *R) notifyStep(ctx context.Context, obj *corev1.ConfigMap) {
	if err := r.scan(ctx, obj); err != nil {
		r.rec.Event(obj, corev1.EventTypeWarning, "StepFailed", err.Error()) // want `event "StepFailed" emitted by r\.rec\.Event is not guarded`
	}
}
