package contexts // want package:"reachesSinks"

// Which contexts are usable: parameters (blank and unnamed too), locals,
// those of enclosing functions; not those made from Background or TODO.

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
)

type R struct {
	rec record.EventRecorder
	obj *corev1.ConfigMap
}

func (r *R) blank(_ context.Context) {
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "blank context parameter") // want `check errors.Is\(ctx.Err\(\), context.Canceled\) first`
}

func (r *R) unnamed(context.Context, string) {
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Unnamed", "unnamed context parameter") // want `event "Unnamed" emitted by r\.rec\.Event is not guarded`
}

func (r *R) named(reqCtx context.Context) {
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "x") // want `check errors.Is\(reqCtx.Err\(\), context.Canceled\) first`
}

func (r *R) local(get func() context.Context) { // want local:`runs\(0\)`
	ctx := get()
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Local", "a local context") // want `event "Local" emitted by r\.rec\.Event is not guarded`
	_ = ctx
}

// background holds only contexts that shutdown never cancels: it is an
// emitter, judged at its call sites.
func (r *R) background() { // want background:`emitter`
	ctx := context.Background()
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	todo := context.WithoutCancel(context.TODO())
	_, _ = ctx, todo
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "no usable context")
}

func (r *R) callsBackground(ctx context.Context) {
	r.background() // want `r.background\(\) emits an event \(r.rec.Event at contexts.go:\d+\) without a cancellation check`
}

// noContext has no context at all: an emitter.
func (r *R) noContext() { // want noContext:`emitter`
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "no context")
}

func (r *R) declaredLater(get func() context.Context) { // want declaredLater:`emitter` declaredLater:`runs\(0\)`
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Failed", "ctx is declared after the call")
	ctx := get()
	_ = ctx
}

func (r *R) closureSeesEnclosing(ctx context.Context, items []string) {
	each(items, func(item string) {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "ClosureSeesEnclosing", item) // want `event "ClosureSeesEnclosing" emitted by r\.rec\.Event is not guarded`
	})
}

func each(items []string, f func(string)) { // want each:`runs\(1\)`
	for _, item := range items {
		f(item)
	}
}
