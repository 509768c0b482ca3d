// Package synth writes a synthetic controller module for benchmarks: many
// reconcilers with long bodies, closures, deep call chains within a package,
// emitter helpers chained across packages, guard functions, and packages
// that cannot reach a sink at all. It needs only the standard library: the
// module declares its own recorder, which the analyzer is told is a sink
// with [SinkFlag], so the measured cost is the analyzer's and not that of
// loading client-go.
package synth

import (
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"strings"
)

// Module is the synthetic module's path.
const Module = "synth.example"

// Sink names the synthetic recorder's method, for -ctxnotify.sinks or
// analyzer.Config.Sinks.
const Sink = Module + "/events.Recorder.Eventf"

// SinkFlag is the command-line flag that makes Sink a sink.
const SinkFlag = "-ctxnotify.sinks=" + Sink

// Per unit of scale: controller packages, reconcilers in each, packages
// that never reach a sink, and the length of the cross-package emitter chain.
const (
	controllersPerScale = 8
	reconcilersPerPkg   = 4
	plainPerScale       = 4
	helperChain         = 4
	localChain          = 6
)

// Write writes the module, scaled by scale (1, 4, 16...), into dir and
// returns the number of Go source lines written.
func Write(dir string, scale int) (lines int, err error) {
	files := map[string]string{
		"go.mod":           "module " + Module + "\n\ngo 1.26\n",
		"events/events.go": eventsFile,
	}
	for i := range helperChain {
		files[fmt.Sprintf("helpers%d/helpers.go", i)] = helperFile(i)
	}
	for p := range controllersPerScale * scale {
		files[fmt.Sprintf("controllers/c%d/c.go", p)] = controllerFile(p)
	}
	for p := range plainPerScale * scale {
		files[fmt.Sprintf("plain/p%d/p.go", p)] = plainFile(p)
	}
	for name, content := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return 0, err
		}
		if strings.HasSuffix(name, ".go") {
			src, err := format.Source([]byte(content))
			if err != nil {
				return 0, fmt.Errorf("%s: %v", name, err)
			}
			content = string(src)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			return 0, err
		}
		lines += strings.Count(content, "\n")
	}
	return lines, nil
}

const eventsFile = `// Package events declares the synthetic recorder.
package events

// Recorder publishes events.
type Recorder struct{ sent int }

// Eventf publishes an event.
func (r *Recorder) Eventf(object any, eventtype, reason, messageFmt string, args ...any) {
	r.sent++
}
`

// helperFile is link i of the emitter chain: Notify of helpers i calls
// Notify of helpers i-1, and helpers0 calls the recorder. None has a
// context, so each is an emitter, known across packages by its fact.
func helperFile(i int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "// Package helpers%d is link %d of a cross-package emitter chain.\npackage helpers%d\n\n", i, i, i)
	b.WriteString("import (\n\t\"context\"\n\t\"errors\"\n\n\t\"synth.example/events\"\n")
	if i > 0 {
		fmt.Fprintf(&b, "\t\"synth.example/helpers%d\"\n", i-1)
	}
	b.WriteString(")\n\n")
	b.WriteString("// Notify emits a warning event.\nfunc Notify(rec *events.Recorder, obj any, reason, msg string) {\n")
	if i == 0 {
		b.WriteString("\trec.Eventf(obj, \"Warning\", reason, \"%s\", msg)\n")
	} else {
		fmt.Fprintf(&b, "\thelpers%d.Notify(rec, obj, reason, msg)\n", i-1)
	}
	b.WriteString("}\n\n")
	b.WriteString("// ShuttingDown is a guard function.\nfunc ShuttingDown(ctx context.Context) bool {\n\treturn errors.Is(ctx.Err(), context.Canceled)\n}\n")
	return b.String()
}

// controllerFile is a package of reconcilers.
func controllerFile(p int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "// Package c%d holds synthetic reconcilers.\npackage c%d\n\n", p, p)
	fmt.Fprintf(&b, "import (\n\t\"context\"\n\t\"errors\"\n\t\"fmt\"\n\t\"strings\"\n\n\t\"synth.example/events\"\n\t\"synth.example/helpers%d\"\n\t\"synth.example/helpers0\"\n)\n\n", helperChain-1)
	b.WriteString("type object struct{ name string; gen int }\n\n")
	for r := range reconcilersPerPkg {
		reconciler(&b, r)
	}
	return b.String()
}

func reconciler(b *strings.Builder, r int) {
	last := fmt.Sprintf("helpers%d", helperChain-1)
	fmt.Fprintf(b, "// R%d reconciles objects.\ntype R%d struct {\n\trec   *events.Recorder\n\tsteps []func(context.Context, *object) error\n}\n\n", r, r)
	fmt.Fprintf(b, "func (r *R%d) Reconcile(ctx context.Context, name string) (err error) {\n", r)
	b.WriteString("\tobj := &object{name: name}\n")
	b.WriteString("\tdefer func() {\n\t\tif err != nil {\n\t\t\tr.rec.Eventf(obj, \"Warning\", \"Failed\", \"%v\", err)\n\t\t}\n\t}()\n")
	fmt.Fprintf(b, "\tr.steps = append(r.steps, r.step0, func(ctx context.Context, o *object) error {\n\t\tif o.gen > 3 {\n\t\t\t%s.Notify(r.rec, o, \"Closure\", o.name)\n\t\t}\n\t\treturn nil\n\t})\n", last)
	// A long body: loops, switches, guarded and unguarded sinks.
	for i := range 12 {
		fmt.Fprintf(b, "\tfor i := 0; i < %d; i++ {\n\t\tobj.gen += i\n\t\tif obj.gen%%%d == 0 {\n\t\t\tcontinue\n\t\t}\n", i+2, i+3)
		fmt.Fprintf(b, "\t\tswitch {\n\t\tcase strings.HasPrefix(obj.name, %q):\n\t\t\tobj.name += fmt.Sprint(i)\n\t\tcase obj.gen > %d:\n", fmt.Sprint(i), 10*i)
		switch i % 4 {
		case 0:
			b.WriteString("\t\t\tif errors.Is(ctx.Err(), context.Canceled) {\n\t\t\t\treturn ctx.Err()\n\t\t\t}\n\t\t\tr.rec.Eventf(obj, \"Normal\", \"Progress\", \"%d\", i)\n")
		case 1:
			fmt.Fprintf(b, "\t\t\tif !helpers0.ShuttingDown(ctx) {\n\t\t\t\t%s.Notify(r.rec, obj, \"Progress\", obj.name)\n\t\t\t}\n", last)
		case 2:
			b.WriteString("\t\t\tr.rec.Eventf(obj, \"Warning\", \"Unguarded\", \"%d\", i)\n")
		case 3:
			fmt.Fprintf(b, "\t\t\t%s.Notify(r.rec, obj, \"Unguarded\", obj.name)\n", last)
		}
		b.WriteString("\t\tdefault:\n\t\t\tobj.gen--\n\t\t}\n\t}\n")
	}
	b.WriteString("\tfor _, step := range r.steps {\n\t\tif err := step(ctx, obj); err != nil {\n\t\t\treturn err\n\t\t}\n\t}\n")
	b.WriteString("\treturn r.step0(ctx, obj)\n}\n\n")
	// A deep chain of steps with a context; the last emits unguarded.
	for s := range localChain {
		fmt.Fprintf(b, "func (r *R%d) step%d(ctx context.Context, o *object) error {\n\to.gen++\n", r, s)
		if s+1 < localChain {
			fmt.Fprintf(b, "\tif o.gen%%2 == 0 {\n\t\treturn r.step%d(ctx, o)\n\t}\n\treturn r.step%d(ctx, o)\n}\n\n", s+1, s+1)
		} else {
			fmt.Fprintf(b, "\tr.notify(o)\n\treturn nil\n}\n\n")
		}
	}
	// A local emitter without a context, and a guarded-only helper.
	fmt.Fprintf(b, "func (r *R%d) notify(o *object) {\n\tr.rec.Eventf(o, \"Warning\", \"Step\", \"%%s\", o.name)\n}\n\n", r)
}

// plainFile is a package that cannot reach a sink: it imports no
// recorder, so it should cost only the analyzer's import check.
func plainFile(p int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "// Package p%d has no events.\npackage p%d\n\nimport (\n\t\"context\"\n\t\"strings\"\n)\n\n", p, p)
	for f := range 20 {
		fmt.Fprintf(&b, "func F%d(ctx context.Context, s string) (int, error) {\n\tn := 0\n\tfor _, part := range strings.Split(s, \",\") {\n\t\tif ctx.Err() != nil {\n\t\t\treturn n, ctx.Err()\n\t\t}\n\t\tn += len(part) * %d\n\t}\n\treturn n, nil\n}\n\n", f, f+1)
	}
	return b.String()
}
