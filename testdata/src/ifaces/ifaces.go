package ifaces // want package:"reachesSinks" package:`checks\(R\.Reconcile\[0\] ctxPublisher\.Publish\[fix 0\]\)`

// Emitter interface methods: an interface method emits when a named type
// of its package implements the interface and that type's method emits.
// Calls through it count like emitter calls: directly, through an
// embedded interface field, a type parameter or a method value.

import (
	"context"
	"errors"

	"github.com/crossplane/crossplane-runtime/pkg/event"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/record"
)

// Notifier is the package's own interface in front of the recorder.
type Notifier interface {
	Notify(obj runtime.Object, reason string) // want Notify:`emitter\(Warner.Notify -> w.rec.Event@ifaces.go:\d+; type="Warning"\)`
	Name() string
}

// wrapped forwards to another Notifier: it emits through the interface
// itself (declared before the implementation that makes it emit).
type wrapped struct{ inner Notifier }

func (w wrapped) Notify(obj runtime.Object, reason string) { // want Notify:`emitter\(w.inner.Notify@ifaces.go:\d+ -> Warner.Notify -> w.rec.Event@ifaces.go:\d+; type="Warning"\)`
	w.inner.Notify(obj, reason)
}

func (w wrapped) Name() string { return "wrapped " + w.inner.Name() }

// Warner implements Notifier with a pointer receiver, and emits.
type Warner struct{ rec record.EventRecorder }

func (w *Warner) Notify(obj runtime.Object, reason string) { // want Notify:`emitter\(w.rec.Event@ifaces.go:\d+; type="Warning"\)`
	w.rec.Event(obj, corev1.EventTypeWarning, reason, "x")
}

func (w *Warner) Name() string { return "warner" }

// Silent implements Notifier as a value, and does not emit.
type Silent struct{}

func (Silent) Notify(runtime.Object, string) {}
func (Silent) Name() string                  { return "" }

// Loud implements Notifier through the methods of its embedded Warner.
type Loud struct{ *Warner }

// Quiet has only implementations that do not emit: no emitter method.
type Quiet interface {
	Record(obj runtime.Object)
}

type nop struct{}

func (nop) Record(runtime.Object) {}

// Publisher's implementation has a usable context of its own: it is
// judged itself, and Publish is no emitter method.
type Publisher interface {
	Publish(ctx context.Context, obj runtime.Object)
}

type ctxPublisher struct{ rec record.EventRecorder }

func (p ctxPublisher) Publish(ctx context.Context, obj runtime.Object) {
	p.rec.Event(obj, corev1.EventTypeWarning, "Failed", "judged itself") // want `event "Failed" emitted by p.rec.Event is not guarded`
}

// Rollouts reaches the recorder only through a function-typed field, as
// argo-rollouts' record.EventRecorder does: that is not followed.
type Rollouts interface {
	Warnf(obj runtime.Object, msg string)
}

type adapter struct {
	rec    record.EventRecorder
	eventf func(obj runtime.Object, msg string)
}

func newAdapter(rec record.EventRecorder) *adapter {
	a := &adapter{rec: rec}
	a.eventf = a.defaultEventf
	return a
}

func (a *adapter) Warnf(obj runtime.Object, msg string) { a.eventf(obj, msg) }

func (a *adapter) defaultEventf(obj runtime.Object, msg string) { // want defaultEventf:`emitter`
	a.rec.Event(obj, corev1.EventTypeWarning, "Failed", msg)
}

// Checker is implemented only in a test file: no emitter method.
type Checker interface {
	Check(obj runtime.Object)
}

// sender's method is unexported: its implementation is called through the
// interface too, so a guarded static call site does not make it a guarded
// function.
type sender interface {
	send(obj runtime.Object) // want send:`emitter\(direct.send -> d.rec.Event@ifaces.go:\d+; type="Warning"\)`
}

type direct struct{ rec record.EventRecorder }

func (d direct) send(obj runtime.Object) { // want send:`emitter\(d.rec.Event@ifaces.go:\d+; type="Warning"\)`
	d.rec.Event(obj, corev1.EventTypeWarning, "Failed", "x")
}

// Eventer is implemented by a type that embeds another package's
// implementation: its method is promoted, and emits (facts).
type Eventer interface {
	Event(obj runtime.Object, e event.Event) // want Event:`emitter\(Embedding.Event -> r.kube.AnnotatedEventf@event.go:\d+\)`
}

type Embedding struct{ *event.APIRecorder }

type R struct {
	Notifier // embedded: r.Notify goes through the interface
	n        Notifier
	q        Quiet
	p        Publisher
	ro       Rollouts
	c        Checker
	s        sender
	d        direct
	e        Eventer
	obj      *corev1.ConfigMap
}

func (r *R) Reconcile(ctx context.Context) {
	r.n.Notify(r.obj, "Failed") // want `r.n.Notify\(r.obj, "Failed"\) emits an event \(Warner.Notify calls w.rec.Event at ifaces.go:\d+\) without a cancellation check`
	r.Notify(r.obj, "Embedded") // want `r.Notify\(r.obj, "Embedded"\) emits an event \(Warner.Notify calls w.rec.Event at ifaces.go:\d+\)`
	notify := r.n.Notify
	notify(r.obj, "MethodValue")    // want `notify\(r.obj, "MethodValue"\) emits an event \(Warner.Notify calls`
	r.s.send(r.obj)                 // want `r.s.send\(r.obj\) emits an event \(direct.send calls d.rec.Event at ifaces.go:\d+\)`
	r.e.Event(r.obj, event.Event{}) // want `r.e.Event\(r.obj, event.Event{}\) emits an event \(Embedding.Event calls r.kube.AnnotatedEventf at event.go:\d+\)`
	_ = r.n.Name()
	r.q.Record(r.obj)
	r.p.Publish(ctx, r.obj)
	r.ro.Warnf(r.obj, "not followed")
	r.c.Check(r.obj)
	if !errors.Is(ctx.Err(), context.Canceled) {
		r.n.Notify(r.obj, "Guarded")
		r.d.send(r.obj)
	}
	notifyWith(ctx, r.n, r.obj)
}

// A type parameter constrained by the interface: calls through it count.
func notifyWith[N Notifier](ctx context.Context, n N, obj runtime.Object) {
	n.Notify(obj, "Generic") // want `n.Notify\(obj, "Generic"\) emits an event \(Warner.Notify calls w.rec.Event at ifaces.go:\d+\)`
}

// notifyAll has no context: an emitter through the interface.
func notifyAll(ns []Notifier, obj runtime.Object) { // want notifyAll:`emitter\(n.Notify@ifaces.go:\d+ -> Warner.Notify -> w.rec.Event@ifaces.go:\d+; type="Warning"\)`
	for _, n := range ns {
		n.Notify(obj, "All")
	}
}

func (r *R) callsNotifyAll(ctx context.Context) {
	notifyAll([]Notifier{r.n}, r.obj) // want `notifyAll\(\[\]Notifier{…}, r.obj\) emits an event \(w.rec.Event at ifaces.go:\d+\)`
}
