package main

import (
	"go/version"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// go127Module declares go 1.27 and uses what Go 1.27 adds to the
// language: a generic method that emits, called instantiated explicitly
// and by inference, and a composite literal that sets a promoted field.
var go127Module = map[string]string{
	"go.mod":           "module example.com/m\n\ngo 1.27\n",
	"events/events.go": testkit.SmallModule["events/events.go"],
	"a/a.go": `package a

import "example.com/m/events"

type Base struct{ R events.Recorder }

// Notifier has its recorder in an embedded field.
type Notifier struct{ Base }

func New() Notifier { return Notifier{R: events.Recorder{}} }

func (n Notifier) Notify[T any](obj T, msg string) {
	n.R.Eventf(obj, "Warning", "Failed", "%s", msg)
}
`,
	"b/b.go": `package b

import (
	"context"

	"example.com/m/a"
)

func Reconcile(ctx context.Context, failed bool) {
	n := a.New()
	if failed {
		n.Notify[string]("obj", "failed")
	}
	if ctx.Err() != nil {
		return
	}
	n.Notify(1, "guarded")
}

func Inferred(ctx context.Context) {
	a.New().Notify(2, "unguarded")
}
`,
}

// The unguarded calls of the generic emitter.
var go127Findings = []string{"b/b.go:12", "b/b.go:21"}

// TestGo127Module checks that the command analyses a module that declares
// go 1.27, standalone and under go vet. A command type-checks with the
// go/types of the Go release that built it, so the test runs under Go 1.27
// or later (.ci/run runs the tests under Go 1.26 and Go 1.27).
func TestGo127Module(t *testing.T) {
	if version.Compare(runtime.Version(), "go1.27") < 0 {
		t.Skipf("built with %s, which cannot type-check go 1.27 code; run with GOTOOLCHAIN=go1.27.3", runtime.Version())
	}
	t.Parallel()
	dir := testkit.WriteModule(t, go127Module)
	bin := testkit.Command(t)
	if r := testkit.Run(t, dir, "go", "build", "./..."); r.Code != 0 {
		t.Fatalf("the module does not build:\n%s", r.Output)
	}

	r := testkit.Run(t, dir, bin, testkit.SmallSinkFlag, "./...")
	found, other := testkit.ParseFindings(t, dir, r.Stderr)
	if got := testkit.Lines(found); r.Code != 3 || !slices.Equal(got, go127Findings) || len(other) > 0 {
		t.Errorf("standalone: exit code %d and findings at %v, want 3 and %v and nothing else; stderr:\n%s", r.Code, got, go127Findings, r.Stderr)
	}
	for _, f := range found {
		if !strings.Contains(f.Message, "Notify") || !strings.Contains(f.Message, "n.R.Eventf at a.go:13") {
			t.Errorf("%v: the message does not name the generic emitter and its event", f)
		}
	}

	r = testkit.Run(t, dir, "go", "vet", "-vettool="+bin, testkit.SmallSinkFlag, "./...")
	vet, _ := testkit.ParseFindings(t, dir, r.Stderr)
	if r.Code != 1 || !slices.Equal(vet, found) {
		t.Errorf("go vet: exit code %d and findings\n%s\nwant 1 and the standalone findings\n%s", r.Code, testkit.List(vet), testkit.List(found))
	}
}
