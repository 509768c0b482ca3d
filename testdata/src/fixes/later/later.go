package later // want package:"reachesSinks" package:`checks\(R\.Finally\[fix 0\] R\.Groups\[fix 0\] R\.Held\[fix 0\] R\.Runners\[fix 0\]\)`

// RULE v8: a literal that may run after its function returns is a
// goroutine for the fix; one that runs before it returns (called, handed
// to a function that runs it, deferred or handed to a deferred call) gets
// the check, on a context the code has not cancelled when it runs.

import (
	"context"
	"errors"
	"sort"
	"time"

	"golang.org/x/sync/errgroup"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/tools/record"
	"k8s.io/client-go/util/workqueue"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type R struct {
	rec     record.EventRecorder
	timeout time.Duration
	hooks   []func()
	onDone  func()
	byName  map[string]func()
	queue   chan func()
}

func (r *R) scan(ctx context.Context, obj *corev1.ConfigMap) error { return nil }

// OnDone keeps the hook: it runs after Reconcile returns.
func (r *R) OnDone(hook func()) { r.hooks = append(r.hooks, hook) }

// finally runs its argument before it returns.
func (r *R) finally(f func()) { f() } // want finally:`runs\(0\)`

// each runs f for every item, before it returns.
func each(items []string, f func(string)) { // want each:`runs\(1\)`
	for _, it := range items {
		f(it)
	}
}

// runAll ranges over its hooks and calls each.
func runAll(hooks ...func()) { // want runAll:`runs\(0\)`
	for _, h := range hooks {
		h()
	}
}

// keep stores its argument: it may run at any time.
func (r *R) keep(f func()) { r.onDone = f }

// later starts its argument and does not wait for it.
func later(f func()) { go f() }

// A timer's callback and a hook run after the reconciliation, when every
// cancel, controller-runtime's ReconciliationTimeout's included, has run:
// no fix, and the message says to decide before handing the literal on.
func (r *R) Callbacks(ctx context.Context, obj *corev1.ConfigMap) error {
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	time.AfterFunc(time.Second, func() {
		r.rec.Event(obj, corev1.EventTypeNormal, "Timer", "fired") // want `event "Timer" emitted by r\.rec\.Event in a function literal that may run after its function returns, when every cancel has run, without a cancellation check: .*; decide whether the event is still wanted before handing it to time\.AfterFunc \(line 65\)`
	})
	r.OnDone(func() {
		r.rec.Event(obj, corev1.EventTypeNormal, "Hook", "done") // want `decide whether the event is still wanted before handing it to r\.OnDone \(line 68\)`
	})
	context.AfterFunc(ctx, func() {
		r.rec.Event(obj, corev1.EventTypeWarning, "Stopped", "stopped") // want `decide whether the event is still wanted before handing it to context\.AfterFunc \(line 71\)`
	})
	r.keep(func() {
		r.rec.Event(obj, corev1.EventTypeNormal, "Kept", "kept") // want `before handing it to r\.keep \(line 74\)`
	})
	later(func() {
		r.rec.Event(obj, corev1.EventTypeNormal, "Started", "started") // want `before handing it to later \(line 77\)`
	})
	return r.scan(ctx, obj)
}

// Stored literals may run at any time.
func (r *R) Stored(ctx context.Context, obj *corev1.ConfigMap) func() {
	r.byName["x"] = func() {
		r.rec.Event(obj, corev1.EventTypeNormal, "Mapped", "m") // want `before handing it on \(line 85\)`
	}
	r.queue <- func() {
		r.rec.Event(obj, corev1.EventTypeNormal, "Sent", "m") // want `before handing it on \(line 88\)`
	}
	return func() {
		r.rec.Event(obj, corev1.EventTypeNormal, "Returned", "m") // want `before handing it on \(line 91\)`
	}
}

// Literals that run before the function returns get the check: handed to
// a function of the package that runs them (its runs fact), to a runner
// the documentation lists, or deferred through a helper.
func (r *R) Runners(ctx context.Context, obj *corev1.ConfigMap, items []string) error {
	each(items, func(s string) {
		r.rec.Event(obj, corev1.EventTypeNormal, "Each", s) // want `event "Each" emitted by r\.rec\.Event is not guarded`
	})
	runAll(func() {
		r.rec.Event(obj, corev1.EventTypeNormal, "All", "all") // want `event "All" emitted by r\.rec\.Event is not guarded`
	})
	sort.Slice(items, func(i, j int) bool {
		r.rec.Event(obj, corev1.EventTypeNormal, "Sorted", "s") // want `event "Sorted" emitted by r\.rec\.Event is not guarded`
		return items[i] < items[j]
	})
	workqueue.ParallelizeUntil(ctx, 4, len(items), func(i int) {
		r.rec.Event(obj, corev1.EventTypeNormal, "Piece", items[i]) // want `event "Piece" emitted by r\.rec\.Event is not guarded`
	})
	return wait.PollUntilContextCancel(ctx, time.Second, true, func(ctx context.Context) (bool, error) {
		r.rec.Event(obj, corev1.EventTypeNormal, "Polled", "p") // want `event "Polled" emitted by r\.rec\.Event is not guarded`
		return true, nil
	})
}

// A literal handed to a deferred call that runs it runs when the function
// returns, after the cancel deferred after it: the check reads the
// parameter, and the derived context takes a name of its own.
func (r *R) Finally(ctx context.Context, obj *corev1.ConfigMap) error {
	defer r.finally(func() {
		r.rec.Event(obj, corev1.EventTypeNormal, "Finished", "done") // want `event "Finished" emitted by r\.rec\.Event is not guarded`
	})
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	return r.scan(ctx, obj)
}

// errgroup's Go runs its literal before the function returns where Wait
// is called on every path after it; else the literal may outlive it.
func (r *R) Groups(ctx context.Context, objs []*corev1.ConfigMap, wait bool) error {
	var g errgroup.Group
	for _, o := range objs {
		g.Go(func() error {
			r.rec.Event(o, corev1.EventTypeNormal, "Waited", "w") // want `event "Waited" emitted by r\.rec\.Event is not guarded`
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	var h errgroup.Group
	h.Go(func() error {
		r.rec.Event(objs[0], corev1.EventTypeNormal, "Unwaited", "u") // want `before handing it to h\.Go \(line 145\)`
		return nil
	})
	if wait {
		return h.Wait()
	}
	return nil
}

// A work function held by a variable and handed to a runner runs in it.
func (r *R) Held(ctx context.Context, items []string) {
	work := func(i int) {
		r.rec.Event(nil, corev1.EventTypeNormal, "Worked", items[i]) // want `event "Worked" emitted by r\.rec\.Event is not guarded`
	}
	workqueue.ParallelizeUntil(ctx, 2, len(items), work)
}

// A literal with a context parameter of its own is called with one by
// whoever runs it: controller-runtime calls a reconcile.Func with the
// reconciliation's context, which the fix checks.
func (r *R) Setup() reconcile.Func {
	return func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
		r.rec.Event(nil, corev1.EventTypeNormal, "Reconciled", req.Name) // want `event "Reconciled" emitted by r\.rec\.Event is not guarded`
		return reconcile.Result{}, nil
	}
}

// report checks its context before its event.
func (r *R) report(ctx context.Context, obj *corev1.ConfigMap) {
	if errors.Is(ctx.Err(), context.Canceled) {
		return
	}
	r.rec.Event(obj, corev1.EventTypeWarning, "Reported", "m")
}

// A callback hands report a context it captured: by the time it runs,
// every cancel may have run, controller-runtime's of the reconcile context
// included, and report's check would drop every event. No rename mends
// it: no fix.
func (r *R) LateHandoff(ctx context.Context, obj *corev1.ConfigMap) {
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	_ = r.scan(ctx, obj)
	cancel()
	time.AfterFunc(time.Second, func() {
		r.report(ctx, obj) // want `r\.report\(ctx, obj\) hands report a context that may be cancelled when the call runs: it is in a function literal that may run after its function returns, when every cancel has run, and report checks it before its events, so every event would be dropped; decide whether the events are still wanted before handing it to time\.AfterFunc \(line 189\) \(no fix\)`
	})
}

// notifyDone's event is a finding whose fix would check its context; a
// hook hands it the reconcile context, which controller-runtime cancels
// when Reconcile returns, before the hook runs: the check would drop the
// hook's event on every reconciliation, so the finding in notifyDone gets
// no fix either.
func (r *R) notifyDone(ctx context.Context, obj *corev1.ConfigMap) {
	r.rec.Event(obj, corev1.EventTypeNormal, "Done", "m") // want `event "Done" emitted by r\.rec\.Event is not guarded`
}

func (r *R) Hooked(ctx context.Context, obj *corev1.ConfigMap) {
	r.OnDone(func() {
		r.notifyDone(ctx, obj) // want `r\.notifyDone\(ctx, obj\) hands notifyDone a context that may be cancelled when the call runs: .* the check that the fix adds to notifyDone tests it before its events`
	})
}
