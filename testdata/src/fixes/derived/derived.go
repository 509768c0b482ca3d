package derived // want package:"reachesSinks" package:`checks\(R\.Deferred\[fix 0\] R\.DeferredCancel\[fix 0\] R\.DeferredFirst\[fix 0\] R\.Field\[fix 0\] R\.Group\[fix 0\] R\.Handoff\[0\] R\.HandoffLogged\[0\] R\.Loop\[fix 0\] R\.Preempt\[fix 0\] R\.Sometimes\[fix 0\] R\.Stored\[fix 0\]\)`

// The fix checks a context that only shutdown cancels: never one the code
// cancels itself. Where no name holds that context at the check, the
// derived context takes a name of its own.

import (
	"context"
	"errors"
	"time"

	"golang.org/x/sync/errgroup"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/record"
)

type R struct {
	rec     record.EventRecorder
	timeout time.Duration
	cancel  context.CancelFunc
}

func (r *R) scan(ctx context.Context, obj *corev1.ConfigMap) error   { return nil }
func (r *R) evict(ctx context.Context, pod *corev1.ConfigMap) error  { return nil }
func parallelize(n int, work func(i int))                            {} // want parallelize:`runs\(1\)`
func send(errs chan<- error, err error, cancel context.CancelFunc)   {} // want send:`runs\(2\)`
func (r *R) notifyStatus(ctx context.Context, obj *corev1.ConfigMap) {}

// The seed issue's shape: the deferred literal reads ctx when reconcile
// returns, after the deferred cancel; the fix at the helper's depth checks
// report's ctx, so the call that hands report the cancelled context is
// reported too, and both fixes rename the scan context.
func (r *R) reconcile(ctx context.Context, obj *corev1.ConfigMap) (retErr error) {
	defer func() {
		r.report(ctx, obj, retErr) // want `r\.report\(ctx, obj, retErr\) hands report a context that the code has cancelled \(context\.WithTimeout at line 38\)`
	}()
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	return r.scan(ctx, obj)
}

func (r *R) report(ctx context.Context, obj *corev1.ConfigMap, err error) {
	if err != nil {
		r.eventf(obj, corev1.EventTypeWarning, "ScanFailed", err.Error()) // want `r\.eventf\(obj, corev1\.EventTypeWarning, "ScanFailed", err\.Error\(\)\) emits an event`
		return
	}
	r.eventf(obj, corev1.EventTypeNormal, "Scanned", "scanned") // want `r\.eventf\(obj, corev1\.EventTypeNormal, "Scanned", "scanned"\) emits an event`
}

// eventf logs and records an event.
func (r *R) eventf(obj runtime.Object, eventType, reason, msg string) { // want eventf:`emitter\(r\.rec\.Event@derived\.go:53; type=param 1\)`
	r.rec.Event(obj, eventType, reason, msg)
}

// The event in the deferred literal itself: the check tests the
// parameter, and the scan context takes its own name.
func (r *R) Deferred(ctx context.Context, obj *corev1.ConfigMap) (retErr error) {
	defer func() {
		if retErr != nil {
			r.rec.Event(obj, corev1.EventTypeWarning, "Failed", retErr.Error()) // want `event "Failed" emitted by r\.rec\.Event is not guarded`
		}
	}()
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	return r.scan(ctx, obj)
}

// A literal deferred after the cancel runs before it: the derived
// context is still live there, and checked as it is.
func (r *R) DeferredFirst(ctx context.Context, obj *corev1.ConfigMap) (retErr error) {
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	defer func() {
		if retErr != nil {
			r.rec.Event(obj, corev1.EventTypeWarning, "Failed", retErr.Error()) // want `event "Failed" emitted by r\.rec\.Event is not guarded`
		}
	}()
	return r.scan(ctx, obj)
}

// A timeout in a loop, cancelled right after the call: the loop's ctx
// hides the parameter, and takes its own name.
func (r *R) Loop(ctx context.Context, objs []*corev1.ConfigMap) {
	for _, obj := range objs {
		ctx, cancel := context.WithTimeout(ctx, r.timeout)
		err := r.scan(ctx, obj)
		cancel()
		if err != nil {
			r.rec.Event(obj, corev1.EventTypeWarning, "ScanFailed", err.Error()) // want `event "ScanFailed" emitted by r\.rec\.Event is not guarded`
		}
	}
}

// Workers that cancel the others at the first failure: each eviction that
// succeeded still gets its event.
func (r *R) Preempt(ctx context.Context, pods []*corev1.ConfigMap) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	errs := make(chan error, 1)
	parallelize(len(pods), func(i int) {
		if err := r.evict(ctx, pods[i]); err != nil {
			send(errs, err, cancel)
			return
		}
		r.rec.Event(pods[i], corev1.EventTypeNormal, "Preempted", "evicted") // want `event "Preempted" emitted by r\.rec\.Event is not guarded`
	})
	select {
	case err := <-errs:
		return err
	default:
		return nil
	}
}

// An errgroup: the group's first error and Wait cancel its context.
func (r *R) Group(ctx context.Context, obj *corev1.ConfigMap, objs []*corev1.ConfigMap) {
	g, ctx := errgroup.WithContext(ctx)
	for _, o := range objs {
		g.Go(func() error {
			if err := r.scan(ctx, o); err != nil {
				return err
			}
			r.rec.Event(o, corev1.EventTypeNormal, "Scanned", "scanned") // want `event "Scanned" emitted by r\.rec\.Event is not guarded`
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		r.rec.Event(obj, corev1.EventTypeWarning, "ScanFailed", err.Error()) // want `event "ScanFailed" emitted by r\.rec\.Event is not guarded`
	}
}

// Only a deferred cancel: the derived context is not cancelled by the
// code before the event, and is checked as it is.
func (r *R) DeferredCancel(ctx context.Context, obj *corev1.ConfigMap) {
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	if err := r.scan(ctx, obj); err != nil {
		r.rec.Event(obj, corev1.EventTypeWarning, "ScanFailed", err.Error()) // want `event "ScanFailed" emitted by r\.rec\.Event is not guarded`
	}
}

// A call after cancel() hands notify, which checks its context, a
// cancelled one; so does a function that passes it on to notify.
func (r *R) Handoff(ctx context.Context, obj *corev1.ConfigMap) {
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	err := r.scan(ctx, obj)
	cancel()
	r.notify(ctx, obj, err)    // want `r\.notify\(ctx, obj, err\) hands notify a context that the code has cancelled \(context\.WithTimeout at line 146\) on every path to the call: notify checks it before its events`
	r.notifyAll(ctx, obj, err) // want `r\.notifyAll\(ctx, obj, err\) hands notifyAll a context that the code has cancelled \(context\.WithTimeout at line 146\) on every path to the call: notifyAll passes it on to a function that checks it before its events`
}

func (r *R) notify(ctx context.Context, obj *corev1.ConfigMap, err error) {
	if err == nil || errors.Is(ctx.Err(), context.Canceled) {
		return
	}
	r.rec.Event(obj, corev1.EventTypeWarning, "ScanFailed", err.Error())
}

func (r *R) notifyAll(ctx context.Context, obj *corev1.ConfigMap, err error) {
	r.notify(ctx, obj, err)
}

type logKey struct{}

// A check written on a context made from the parameter tests the
// parameter: the call after cancel() drops notifyLogged's event too.
func (r *R) HandoffLogged(ctx context.Context, obj *corev1.ConfigMap) {
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	err := r.scan(ctx, obj)
	cancel()
	r.notifyLogged(ctx, obj, err) // want `r\.notifyLogged\(ctx, obj, err\) hands notifyLogged a context that the code has cancelled \(context\.WithTimeout at line 169\) on every path to the call: notifyLogged checks it before its events`
}

func (r *R) notifyLogged(ctx context.Context, obj *corev1.ConfigMap, err error) {
	logged := context.WithValue(ctx, logKey{}, "notify")
	if err == nil || errors.Is(logged.Err(), context.Canceled) {
		return
	}
	r.rec.Event(obj, corev1.EventTypeWarning, "ScanFailed", err.Error())
}
