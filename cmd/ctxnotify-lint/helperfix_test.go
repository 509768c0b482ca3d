package main_test

import (
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// helperModule is a helm-style controller over its own recorder (a
// configured sink): failure sets a condition and calls event, both
// helpers without a context, called from Reconcile in two files and,
// directly, from the package's test, which checks that the event is
// emitted.
var helperModule = map[string]string{
	"go.mod": "module example.com/m\n\ngo 1.26\n",
	"events/events.go": `package events

// Recorder publishes events; Sent counts them.
type Recorder struct{ Sent *int }

func (r Recorder) Eventf(obj any, eventtype, reason, message string, args ...any) { *r.Sent++ }
`,
	"ctrl/ctrl.go": `package ctrl

import (
	"context"
	"errors"

	"example.com/m/events"
)

type Object struct{ Ready string }

type Reconciler struct {
	Recorder events.Recorder
	Update   func(ctx context.Context, obj *Object) error
}

func (r *Reconciler) Reconcile(ctx context.Context, obj *Object) error {
	if err := r.Update(ctx, obj); err != nil {
		return r.failure(obj, "UpdateFailed", err)
	}
	return r.finish(ctx, obj)
}

func (r *Reconciler) failure(obj *Object, reason string, err error) error {
	obj.Ready = "False"
	r.event(obj, "Warning", reason, err.Error())
	return errors.Join(errors.New(reason), err)
}

func (r *Reconciler) event(obj *Object, eventType, reason, msg string) {
	r.Recorder.Eventf(obj, eventType, reason, "%s", msg)
}
`,
	"ctrl/finish.go": `package ctrl

import "context"

func (r *Reconciler) finish(ctx context.Context, obj *Object) error {
	if err := r.Update(ctx, obj); err != nil {
		return r.failure(obj, "StatusFailed", err)
	}
	r.event(obj, "Normal", "Ready", "ready")
	return nil
}
`,
	"ctrl/ctrl_test.go": `package ctrl

import (
	"errors"
	"testing"

	"example.com/m/events"
)

func TestFailure(t *testing.T) {
	sent := 0
	r := &Reconciler{Recorder: events.Recorder{Sent: &sent}}
	obj := &Object{}
	if err := r.failure(obj, "Failed", errors.New("boom")); err == nil {
		t.Fatal("no error")
	}
	if obj.Ready != "False" || sent != 1 {
		t.Fatalf("condition %q, %d events; want False and 1", obj.Ready, sent)
	}
}
`,
}

const helperSink = "-ctxnotify.sinks=example.com/m/events.Recorder.Eventf"

// TestHelperFixDrivers: the fix at the helper's depth, applied standalone,
// by go vet -fix and by go fix -fixtool, changes the same files the same
// way: the helpers take the context once and check it before the event,
// every call passes one (the test context.Background()); the fixed module
// builds, its test still passes, and a second run reports nothing.
func TestHelperFixDrivers(t *testing.T) {
	t.Parallel()
	bin := testkit.Command(t)
	fixed := fixWithEachDriver(t, bin, helperModule)
	for _, m := range fixed {
		if r := testkit.Run(t, m.dir, bin, helperSink, "./..."); r.Code != 0 {
			t.Errorf("%s: a second run reports:\n%s", m.by, r.Output)
		}
	}
	for _, m := range fixed[1:] {
		testkit.SameGoFiles(t, fixed[0].dir, fixed[0].by, m.dir, m.by)
	}

	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(fixed[0].dir, "ctrl", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	for file, want := range map[string][]string{
		"ctrl.go": {
			"return r.failure(ctx, obj, \"UpdateFailed\", err)",
			"func (r *Reconciler) failure(ctx context.Context, obj *Object, reason string, err error) error {\n\tobj.Ready = \"False\"\n\tr.event(ctx, obj, \"Warning\", reason, err.Error())",
			"func (r *Reconciler) event(ctx context.Context, obj *Object, eventType, reason, msg string) {\n\tif errors.Is(ctx.Err(), context.Canceled) {\n\t\treturn\n\t}\n\tr.Recorder.Eventf(obj, eventType, reason, \"%s\", msg)\n}",
		},
		"finish.go":    {"return r.failure(ctx, obj, \"StatusFailed\", err)", "r.event(ctx, obj, \"Normal\", \"Ready\", \"ready\")"},
		"ctrl_test.go": {"r.failure(context.Background(), obj, \"Failed\", errors.New(\"boom\"))", "\"context\"\n"},
	} {
		got := read(file)
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("%s after the fix lacks %q:\n%s", file, w, got)
			}
		}
		if strings.Count(got, ".Err()") > 1 {
			t.Errorf("%s after the fix checks the context more than once:\n%s", file, got)
		}
	}
}

// TestHelperValueInTests: a test that uses a helper as a value could not
// be changed with it, so the helper keeps its signature and its call is
// wrapped instead; the fixed module's tests still build and pass, with
// every driver.
func TestHelperValueInTests(t *testing.T) {
	t.Parallel()
	files := maps.Clone(helperModule)
	files["ctrl/value_test.go"] = `package ctrl

import (
	"errors"
	"testing"

	"example.com/m/events"
)

func TestFailureValue(t *testing.T) {
	sent := 0
	r := &Reconciler{Recorder: events.Recorder{Sent: &sent}}
	fail := r.failure
	_ = fail(&Object{}, "Failed", errors.New("boom"))
	if sent != 1 {
		t.Fatalf("%d events, want 1", sent)
	}
}
`
	fixed := fixWithEachDriver(t, testkit.Command(t), files)
	keptSignature(t, fixed, "func (r *Reconciler) failure(obj *Object, reason string, err error) error {", "a test takes it as a value")
}

// keptSignature checks that ctrl/ctrl.go of each fixed module still
// declares sig, which the fix left alone because of why.
func keptSignature(t *testing.T, fixed []fixedModule, sig, why string) {
	t.Helper()
	for _, m := range fixed {
		data, err := os.ReadFile(filepath.Join(m.dir, "ctrl", "ctrl.go"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), sig) {
			t.Errorf("%s: the helper changed although %s:\n%s", m.by, why, data)
		}
	}
}

// A fixedModule is a module's directory after one driver's -fix.
type fixedModule struct {
	by, dir string // the driver's name, the directory
}

// fixWithEachDriver writes files as a module once per fix driver,
// applies the fixes with it, and checks that the fixed module's tests
// pass.
func fixWithEachDriver(t *testing.T, bin string, files map[string]string) []fixedModule {
	t.Helper()
	var fixed []fixedModule
	for _, d := range testkit.FixDrivers(bin, helperSink) {
		dir := testkit.WriteModule(t, files)
		if r := testkit.Run(t, dir, d.Args[0], d.Args[1:]...); r.Code != 0 {
			t.Fatalf("%s: exit code %d\n%s", d.Name, r.Code, r.Output)
		}
		if r := testkit.Run(t, dir, "go", "test", "./..."); r.Code != 0 {
			t.Fatalf("%s: the fixed module's tests fail:\n%s", d.Name, r.Output)
		}
		fixed = append(fixed, fixedModule{d.Name, dir})
	}
	return fixed
}

// TestHelperInGeneratedTests: a generated test file that calls a helper
// could not be changed with it (no fix edits generated code), so the
// helper keeps its signature and its calls are wrapped; the fixed
// module's tests still build and pass, with every driver.
func TestHelperInGeneratedTests(t *testing.T) {
	t.Parallel()
	files := maps.Clone(helperModule)
	files["ctrl/mock_test.go"] = `// Code generated by mockgen. DO NOT EDIT.

package ctrl

import (
	"testing"

	"example.com/m/events"
)

func TestGeneratedEvent(t *testing.T) {
	sent := 0
	r := &Reconciler{Recorder: events.Recorder{Sent: &sent}}
	r.event(&Object{}, "Normal", "Generated", "x")
	if sent != 1 {
		t.Fatalf("%d events, want 1", sent)
	}
}
`
	fixed := fixWithEachDriver(t, testkit.Command(t), files)
	keptSignature(t, fixed, "func (r *Reconciler) event(obj *Object, eventType, reason, msg string) {", "a generated test calls it")
}
