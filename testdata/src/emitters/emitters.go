package emitters // want package:"reachesSinks" package:`checks\(R\.Reconcile\[0\]\)`

// Helpers without a context that emit are judged at their call sites;
// guarded functions: unexported helpers may rely on guarded call sites.

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
)

type R struct {
	rec record.EventRecorder
	obj *corev1.ConfigMap
}

// Notify is exported: an emitter whatever its call sites.
func (r *R) Notify(reason string) { // want Notify:`emitter\(r.rec.Event@emitters.go:\d+; type="Warning"\)`
	r.rec.Event(r.obj, corev1.EventTypeWarning, reason, "x")
}

// relay reaches the sink through Notify.
func (r *R) relay(reason string) { // want relay:`emitter\(r.Notify@emitters.go:\d+ -> r.rec.Event@emitters.go:\d+; type="Warning"\)`
	r.Notify(reason)
}

// guardedOnly is unexported and every call site is guarded (a guarded function): no
// diagnostic inside, not an emitter.
func (r *R) guardedOnly(ctx context.Context) {
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "x")
}

// usedAsValue would be guarded by its call site, but it is also used as a
// value.
func (r *R) usedAsValue(ctx context.Context) {
	r.rec.Event(r.obj, corev1.EventTypeWarning, "UsedAsValue", "x") // want `event "UsedAsValue" emitted by r\.rec\.Event is not guarded`
}

// recursive is guarded through its only outside call site.
func (r *R) recursive(ctx context.Context, n int) {
	if n > 0 {
		r.recursive(ctx, n-1)
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "x")
}

// noCallers has no call site at all: it is no guarded function.
func (r *R) noCallers(ctx context.Context) {
	r.rec.Event(r.obj, corev1.EventTypeWarning, "NoCallers", "x") // want `event "NoCallers" emitted by r\.rec\.Event is not guarded`
}

// mixed has one unguarded call site.
func (r *R) mixed(ctx context.Context) {
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Mixed", "x") // want `event "Mixed" emitted by r\.rec\.Event is not guarded`
}

// chainA and chainB call each other: both are emitters.
func (r *R) chainA(n int) { // want chainA:`emitter`
	if n > 0 {
		r.chainB(n - 1)
	}
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "x")
}

func (r *R) chainB(n int) { // want chainB:`emitter`
	r.chainA(n)
}

func (r *R) Reconcile(ctx context.Context) {
	if !errors.Is(ctx.Err(), context.Canceled) {
		r.guardedOnly(ctx)
		r.usedAsValue(ctx)
		r.recursive(ctx, 3)
		r.mixed(ctx)
		r.relay("guarded")
	}
	r.mixed(ctx)
	r.Notify("Failed") // want `r.Notify\("Failed"\) emits an event \(r.rec.Event at emitters.go:\d+\) without a cancellation check`
	r.relay("Failed")  // want `r.relay\("Failed"\) emits an event \(r.rec.Event at emitters.go:\d+\)`
	r.chainB(2)        // want `r.chainB\(2\) emits an event`
	f := r.usedAsValue
	_ = f
}
