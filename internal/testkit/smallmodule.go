package testkit

// SmallModule is a module that needs nothing but the standard library: it
// declares its own recorder, which [SmallSinkFlag] makes a sink. Its
// emitters have no context and are judged at their callers, in other
// packages:
//
//   - a.Notify and a.Notifier.Notify emit events;
//   - b calls a.Notify, unguarded: a finding at b/b.go:11:3; b has a
//     test, so a run with tests sees b.go in two packages;
//   - c calls a.Notifier.Notify, unguarded, on a value it gets from wrap:
//     c imports a only through wrap, a finding at c/c.go:10:2.
var SmallModule = map[string]string{
	"go.mod": "module example.com/m\n\ngo 1.26\n",
	"events/events.go": `package events

// Recorder publishes events.
type Recorder struct{}

func (Recorder) Eventf(obj any, eventtype, reason, message string, args ...any) {}
`,
	"a/a.go": `package a

import "example.com/m/events"

func Notify(r events.Recorder, msg string) {
	r.Eventf(nil, "Warning", "Failed", "%s", msg)
}
`,
	"a/recorder.go": `package a

import "example.com/m/events"

type Recorder struct{ R events.Recorder }

// Notifier sends notifications.
type Notifier struct{ R events.Recorder }

func (n Notifier) Notify(msg string) {
	n.R.Eventf(nil, "Warning", "Failed", "%s", msg)
}
`,
	"b/b.go": `package b

import (
	"context"

	"example.com/m/a"
)

func Reconcile(ctx context.Context, r a.Recorder, failed bool) {
	if failed {
		a.Notify(r.R, "failed")
	}
}
`,
	// A test of b: the command sees b twice, as b and as "b [b.test]".
	"b/b_test.go": `package b

import "testing"

func TestReconcile(t *testing.T) {}
`,
	"wrap/wrap.go": `package wrap

import "example.com/m/a"

func New() a.Notifier { return a.Notifier{} }
`,
	"c/c.go": `package c

import (
	"context"

	"example.com/m/wrap"
)

func Reconcile(ctx context.Context) {
	wrap.New().Notify("failed")
}
`,
}

// SmallSinkFlag makes the recorder of [SmallModule] a sink.
const SmallSinkFlag = "-ctxnotify.sinks=" + SmallSink

// SmallSink names the recorder's method, for -ctxnotify.sinks or
// analyzer.Config.Sinks.
const SmallSink = "example.com/m/events.Recorder.Eventf"
