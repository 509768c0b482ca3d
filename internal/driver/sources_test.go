package driver

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// depsModule is a module whose reconcilers call helpers of another module,
// example.com/lib (a dependency, through a replace directive), over a
// stand-in of k8s.io/apimachinery's runtime package. Of lib's packages:
//
//   - notify.Warn emits: a finding at app/app.go:18 without -deps;
//   - chain.Fail calls notify.Warn, so it emits too (app.go:19);
//   - withctx.Report has a context: it is judged itself, not an emitter;
//   - unused.Notify emits, but nothing calls it;
//   - shaped.Recorder.Eventf has a recorder method's parameter list: a
//     sink itself, so its facts add nothing;
//   - plain imports neither runtime nor a package that emits.
//
// Only notify and chain need analysing from source.
var depsModule = map[string]string{
	"go.mod": `module example.com/app

go 1.26

require (
	example.com/lib v0.0.0
	k8s.io/apimachinery v0.0.0
)

replace (
	example.com/lib => ./lib
	k8s.io/apimachinery => ./apimachinery
)
`,
	"apimachinery/go.mod": "module k8s.io/apimachinery\n\ngo 1.26\n",
	"apimachinery/pkg/runtime/runtime.go": `package runtime

// Object is what events are about.
type Object interface{ GetName() string }
`,
	"lib/go.mod": `module example.com/lib

go 1.26

require k8s.io/apimachinery v0.0.0
`,
	"lib/record/record.go": `package record

import "k8s.io/apimachinery/pkg/runtime"

// EventRecorder records events.
type EventRecorder interface {
	Eventf(object runtime.Object, eventtype, reason, messageFmt string, args ...interface{})
}
`,
	"lib/notify/notify.go": `package notify

import (
	"example.com/lib/record"
	"k8s.io/apimachinery/pkg/runtime"
)

// Warn records a warning.
func Warn(rec record.EventRecorder, obj runtime.Object, reason string, err error) {
	rec.Eventf(obj, "Warning", reason, "%v", err)
}
`,
	"lib/chain/chain.go": `package chain

import (
	"example.com/lib/notify"
	"example.com/lib/record"
	"k8s.io/apimachinery/pkg/runtime"
)

// Fail reports a failure.
func Fail(rec record.EventRecorder, obj runtime.Object, err error) {
	notify.Warn(rec, obj, "Failed", err)
}
`,
	"lib/withctx/withctx.go": `package withctx

import (
	"context"

	"example.com/lib/record"
	"k8s.io/apimachinery/pkg/runtime"
)

// Report records a warning unless ctx is done.
func Report(ctx context.Context, rec record.EventRecorder, obj runtime.Object) {
	rec.Eventf(obj, "Warning", "Failed", "failed")
}
`,
	"lib/unused/unused.go": `package unused

import (
	"example.com/lib/record"
	"k8s.io/apimachinery/pkg/runtime"
)

// Notify records a warning; the app never calls it.
func Notify(rec record.EventRecorder, obj runtime.Object) {
	rec.Eventf(obj, "Warning", "Failed", "failed")
}
`,
	"lib/shaped/shaped.go": `package shaped

import (
	"example.com/lib/record"
	"k8s.io/apimachinery/pkg/runtime"
)

// Recorder prefixes every message.
type Recorder struct{ Inner record.EventRecorder }

func (r Recorder) Eventf(object runtime.Object, eventtype, reason, messageFmt string, args ...interface{}) {
	r.Inner.Eventf(object, eventtype, reason, "lib: "+messageFmt, args...)
}
`,
	"lib/plain/plain.go": `package plain

// Eventf only shares a name.
func Eventf(format string, args ...any) string { return format }

// Name calls it.
func Name() string { return Eventf("x") }
`,
	"app/app.go": `package app

import (
	"context"

	"example.com/lib/chain"
	"example.com/lib/notify"
	"example.com/lib/plain"
	"example.com/lib/record"
	"example.com/lib/shaped"
	"example.com/lib/withctx"
	"k8s.io/apimachinery/pkg/runtime"
)

type Reconciler struct{ Recorder record.EventRecorder }

func (r *Reconciler) Reconcile(ctx context.Context, obj runtime.Object, err error) {
	notify.Warn(r.Recorder, obj, "Failed", err)
	chain.Fail(r.Recorder, obj, err)
	withctx.Report(ctx, r.Recorder, obj)
	shaped.Recorder{Inner: r.Recorder}.Eventf(obj, "Warning", "Failed", "%v", err)
	_ = plain.Name()
}
`,
}

// TestEmittingDeps checks which dependencies the command analyses from
// source by default (see depsModule), and that their facts make the
// findings that -deps makes.
func TestEmittingDeps(t *testing.T) {
	t.Parallel()
	dir := testkit.WriteModule(t, depsModule)
	roots, err := Load(LoadConfig{Dir: dir, Emitters: emittersOf(analyzer.Config{})}, "./app")
	if err != nil {
		t.Fatal(err)
	}
	var analysed []string
	for _, p := range roots[0].Imports {
		if p.TypesInfo != nil {
			analysed = append(analysed, p.PkgPath)
		}
	}
	slices.Sort(analysed)
	if want := []string{"example.com/lib/chain", "example.com/lib/notify"}; !slices.Equal(analysed, want) {
		t.Errorf("dependencies analysed from source: %q, want %q", analysed, want)
	}

	want := []string{"app/app.go:18:2", "app/app.go:19:2", "app/app.go:21:2"}
	for _, deps := range []bool{false, true} {
		if got := findingsOf(t, dir, Options{Enabled: true, Deps: deps, Dir: dir, Context: -1}, "./app"); !slices.Equal(got, want) {
			t.Errorf("-deps=%v: findings at %q, want %q", deps, got, want)
		}
	}
	// Without dependencies from source, only the shaped sink is known.
	roots, err = Load(LoadConfig{Dir: dir}, "./app")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range roots[0].Imports {
		if p.TypesInfo != nil {
			t.Errorf("%s analysed from source without Emitters", p.PkgPath)
		}
	}
}

// findingsOf runs the command's driver and returns the positions of its
// findings, relative to dir.
func findingsOf(t *testing.T, dir string, opts Options, patterns ...string) []string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := Run(analyzer.Analyzer, opts, patterns, &stdout, &stderr)
	found, other := testkit.ParseFindings(t, dir, stderr.String())
	if code != 3 && code != 0 || len(other) > 0 {
		t.Fatalf("exit code %d, output:\n%s", code, stderr.String())
	}
	var at []string
	for _, f := range found {
		at = append(at, fmt.Sprintf("%s:%d:%d", f.File, f.Line, f.Column))
	}
	return at
}

// TestFactsThroughExportData checks the facts of a dependency analysed
// from source in a root that reaches it through a package read from
// export data: c calls a.Notifier.Notify on a value it gets from wrap,
// whose export data refers to a's objects. With c alone named, a is
// analysed for its facts (its Notify emits, and c calls it by name), wrap
// is not, and c's call is reported.
func TestFactsThroughExportData(t *testing.T) {
	t.Parallel()
	dir := testkit.WriteModule(t, testkit.SmallModule)
	cfg := analyzer.Config{Sinks: []string{testkit.SmallSink}}
	lint, err := analyzer.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Analyze(lint, Options{Enabled: true, Dir: dir, Config: cfg}, []string{"./c"}, os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	var analysed, got []string
	for act := range res.Graph.All() {
		if act.Err != nil {
			t.Fatal(act.Err)
		}
		analysed = append(analysed, act.Package.PkgPath)
		if !act.IsRoot {
			continue
		}
		for _, d := range act.Diagnostics {
			posn := act.Package.Fset.Position(d.Pos)
			got = append(got, fmt.Sprintf("%s:%d:%d", testkit.Rel(t, dir, posn.Filename), posn.Line, posn.Column))
		}
	}
	slices.Sort(analysed)
	if want := []string{"example.com/m/a", "example.com/m/c"}; !slices.Equal(slices.Compact(analysed), want) {
		t.Fatalf("packages analysed: %q, want %q (a for its facts, not wrap)", analysed, want)
	}
	if want := []string{"c/c.go:10:2"}; !slices.Equal(got, want) {
		t.Errorf("findings at %q, want %q", got, want)
	}
}

// TestConfigStandalone: an analyzer made by analyzer.New keeps its
// settings in Run, which reads them from Options.Config. With the
// configured sink there, the dependency that declares it is analysed for
// its facts and c's call of a.Notifier.Notify is found; without it the
// driver has no reason to analyse a, and the finding is missing.
func TestConfigStandalone(t *testing.T) {
	t.Parallel()
	dir := testkit.WriteModule(t, testkit.SmallModule)
	cfg := analyzer.Config{Sinks: []string{testkit.SmallSink}, Scope: "reconcile", Roots: []string{`^example\.com/m/c\.`}}
	lint, err := analyzer.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		config analyzer.Config
		want   []string
	}{
		{cfg, []string{"c/c.go:10:2"}},
		{analyzer.Config{}, nil},
	} {
		var stdout, stderr bytes.Buffer
		code := Run(lint, Options{Enabled: true, Dir: dir, Context: -1, Config: tc.config}, []string{"./c"}, &stdout, &stderr)
		found, other := testkit.ParseFindings(t, dir, stderr.String())
		var got []string
		for _, f := range found {
			got = append(got, fmt.Sprintf("%s:%d:%d", f.File, f.Line, f.Column))
		}
		if !slices.Equal(got, tc.want) || len(other) > 0 || code != 0 && code != 3 {
			t.Errorf("Config %+v: exit code %d, findings at %q, want %q; output:\n%s", tc.config, code, got, tc.want, stderr.String())
		}
	}
	if e := emittersOf(cfg); !e.WithContext || !slices.Contains(e.Calls, "Eventf") || !slices.Contains(e.Packages, "example.com/m/events") {
		t.Errorf("emittersOf(%+v) = %+v", cfg, e)
	}
}
