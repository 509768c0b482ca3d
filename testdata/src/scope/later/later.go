package later // want package:"reachesSinks" package:`checks\(R\.Reconcile\[fix 0\]\)`

// RULE v8 under scope reconcile: callbacks, a literal handed to a deferred
// call, a goto over a derivation and a closure that reads a reassigned
// context, in code a Reconcile method reaches; and an unnamed receiver on
// the type's last method, after which its guarded method goes.

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
)

type R struct {
	Recorder record.EventRecorder
	timeout  time.Duration
	hooks    []func()
}

func (r *R) scan(ctx context.Context, obj *corev1.ConfigMap) error { return nil }
func (r *R) OnDone(hook func())                                    { r.hooks = append(r.hooks, hook) }
func (r *R) finally(f func())                                      { f() } // want finally:`runs\(0\)`

func (r *R) Reconcile(ctx context.Context, obj *corev1.ConfigMap) error {
	if err := r.callbacks(ctx, obj); err != nil {
		r.Recorder.Event(obj, corev1.EventTypeWarning, "CallbacksFailed", err.Error()) // want `event "CallbacksFailed" emitted by r\.Recorder\.Event is not guarded`
		return err
	}
	if err := r.finish(ctx, obj); err != nil {
		r.Recorder.Event(obj, corev1.EventTypeWarning, "FinishFailed", err.Error()) // want `event "FinishFailed" emitted by r\.Recorder\.Event is not guarded`
		return err
	}
	r.Recorder.Event(obj, corev1.EventTypeNormal, "Ready", "ready") // want `event "Ready" emitted by r\.Recorder\.Event is not guarded`
	return r.jump(ctx, obj)
}

func (r *R) callbacks(ctx context.Context, obj *corev1.ConfigMap) error {
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	time.AfterFunc(time.Second, func() {
		r.Recorder.Eventf(obj, corev1.EventTypeNormal, "Timer", "fired") // want `decide whether the event is still wanted before handing it to time\.AfterFunc \(line 42\)`
	})
	r.OnDone(func() {
		r.Recorder.Eventf(obj, corev1.EventTypeNormal, "Hook", "done") // want `decide whether the event is still wanted before handing it to r\.OnDone \(line 45\)`
	})
	return r.scan(ctx, obj)
}

func (r *R) finish(ctx context.Context, obj *corev1.ConfigMap) error {
	defer r.finally(func() {
		r.Recorder.Eventf(obj, corev1.EventTypeNormal, "Finished", "done") // want `event "Finished" emitted by r\.Recorder\.Eventf is not guarded`
	})
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	return r.scan(ctx, obj)
}

func (r *R) jump(ctx context.Context, obj *corev1.ConfigMap) (err error) {
	defer func() {
		if err != nil {
			r.Recorder.Eventf(obj, corev1.EventTypeWarning, "JumpFailed", "%s", err) // want `event "JumpFailed" emitted by r\.Recorder\.Eventf is not guarded`
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

// Unreached is no reconcile code: its callback is no finding.
func (r *R) Unreached(ctx context.Context, obj *corev1.ConfigMap) {
	time.AfterFunc(time.Second, func() {
		r.Recorder.Eventf(obj, corev1.EventTypeNormal, "Timer", "fired")
	})
}

func (*R) Name() string { return "later" }
