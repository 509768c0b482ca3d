package analyzer_test

import (
	"fmt"
	"strings"
)

// reconcilerSource turns fuzz input into a reconciler-shaped Go file that
// type-checks against the stubs in testdata/src. Every choice is one byte
// of the input (0 once it runs out), so every input is a valid program and
// a mutation of the input is a change of shape, not a syntax error.
func reconcilerSource(data []byte) string {
	g := &gen{in: data}
	g.header()
	g.funcs()
	return g.out.String()
}

type gen struct {
	in  []byte
	out strings.Builder
	n   int // for unique names and labels

	cq, eq  string // how the file spells "context." and "errors."; eq "-" when unavailable
	fns     []genFunc
	haveRec map[string]bool // Reconcile methods already declared, by receiver
	events  int             // emissions written, to vary their event types
	endings int             // bodies without results written, to vary how they end
	derives int             // derived contexts written, to vary how the code cancels them
	laters  int             // literals kept or handed on, to vary where they run
	seeds   int             // Reconcile bodies written, to vary whether they open with the seed issue's shape
}

// genFunc is a generated function that others may call or take as a value.
type genFunc struct {
	kind       int
	name       string
	callable   bool
	valueExpr  string // the function or method value, with r in scope
	argsFormat string // %s is the context argument
}

// env is what the statement being generated can see.
type env struct {
	ctx      string // a context variable in scope ("" when none is nameable)
	ret      string // the enclosing function's return statement
	inLoop   bool
	label    string // label of the innermost labeled loop of this function
	errs     bool   // errors package reachable as g.eq
	ctxPkg   bool   // context package reachable as g.cq
	embedded bool   // e, whose type embeds a recorder, is in scope
	depth    int
}

func (g *gen) pick(n int) int {
	if len(g.in) == 0 {
		return 0
	}
	c := int(g.in[0])
	g.in = g.in[1:]
	return c % n
}

// eventType returns the event type of the next emission, in turn: a
// Warning, Flux's Trace (the literal, a named constant), a Normal. It
// consumes no input, so that the corpus keeps its programs.
func (g *gen) eventType() string {
	g.events++
	return [...]string{"corev1.EventTypeWarning", `"Trace"`, "traceType", "corev1.EventTypeNormal"}[g.events%4]
}

func (g *gen) fresh(prefix string) string {
	g.n++
	return fmt.Sprintf("%s%d", prefix, g.n)
}

func (g *gen) line(format string, args ...any) {
	fmt.Fprintf(&g.out, format+"\n", args...)
}

// header writes the package clause, imports (plain, renamed, dot, missing,
// hidden by a package-level name) and the shared types and helpers.
func (g *gen) header() {
	g.haveRec = make(map[string]bool)
	g.line("package p\n\nimport (")
	var useCtx, useErr string
	switch g.pick(4) {
	case 0:
		g.cq, useCtx = "context.", `"context"`
	case 1:
		g.cq, useCtx = "stdctx.", `stdctx "context"`
	case 2:
		g.cq, useCtx = "", `. "context"`
	case 3: // renamed, and "context" names something else
		g.cq, useCtx = "stdctx.", `stdctx "context"`
		defer g.line(`var context = "shadows the package name"`)
	}
	g.line("\t%s", useCtx)
	switch g.pick(5) {
	case 0:
		g.eq, useErr = "errors.", `"errors"`
	case 1:
		g.eq, useErr = "errs.", `errs "errors"`
	case 2:
		g.eq, useErr = "", `. "errors"`
	case 3:
		g.eq = "-"
	case 4:
		g.eq = "-"
		defer g.line(`var errors = "shadows the package name"`)
	}
	if useErr != "" {
		g.line("\t%s", useErr)
		defer g.line("var _ = %sIs", g.eq)
	}
	rec := "record"
	if g.pick(3) == 0 {
		rec = "kuberecorder"
		g.line(`	kuberecorder "k8s.io/client-go/tools/record"`)
	} else {
		g.line(`	"k8s.io/client-go/tools/record"`)
	}
	g.line(`	"net/http"
	"os"
	"time"

	"github.com/fluxcd/pkg/runtime/events"
	"golang.org/x/sync/errgroup"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	kevents "k8s.io/client-go/tools/events"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

var (
	_ = os.Exit
	_ time.Duration
	_ %[2]sContext
	_ = http.StatusOK
	_ = errgroup.WithContext
)

type R struct {
	rec   %[1]s.EventRecorder
	flux  *events.Recorder
	kev   kevents.EventRecorder
	obj   *corev1.ConfigMap
	mgr   %[2]sContext // the manager's context, kept by a server that uses it explicitly
	hooks []func()
}

// onDone keeps a hook, which runs after the reconciliation.
func (r *R) onDone(f func()) { r.hooks = append(r.hooks, f) }

// finally runs f before it returns.
func (r *R) finally(f func()) { f() }

// E embeds a recorder.
type E struct {
	%[1]s.EventRecorder
	r *R
}

type G[T any] struct{ r *R }

func running(ctx %[2]sContext) bool { return ctx.Err() == nil }

func notify(rec %[1]s.EventRecorder, obj runtime.Object, msg string) {
	rec.Event(obj, corev1.EventTypeWarning, "Failed", msg)
}

// failure does other work, then calls notify.
func (r *R) failure(msg string) {
	r.obj.Labels = map[string]string{"ready": "false"}
	notify(r.rec, r.obj, msg)
}

// recordOf takes its event type from its caller: a call that passes "Trace"
// emits nothing that notifies.
func recordOf(rec %[1]s.EventRecorder, obj runtime.Object, eventType, msg string) {
	rec.Event(obj, eventType, "Recorded", msg)
}

const traceType = "Trace"

func notified(rec %[1]s.EventRecorder, obj runtime.Object) bool {
	rec.Event(obj, corev1.EventTypeWarning, "Failed", "m")
	return true
}

func emitAny[T any](rec %[1]s.EventRecorder, obj runtime.Object, v T) {
	rec.Eventf(obj, corev1.EventTypeWarning, "Failed", "%%v", v)
}

func work(ctx %[2]sContext) error { return ctx.Err() }

// handOff keeps a cancel function: whoever holds it may call it.
func handOff(cancel func()) { _ = cancel }

// report emits with the context it is handed: the fix checks it there.
func report(ctx %[2]sContext, r *R) {
	_ = ctx
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Reported", "m")
}

var _ = reconcile.Result{}`, rec, g.cq)
	if g.eq != "-" {
		g.line("func shuttingDown(ctx %sContext) bool { return %sIs(ctx.Err(), %sCanceled) }", g.cq, g.eq, g.cq)
	} else {
		g.line("func shuttingDown(ctx %sContext) bool { return ctx.Err() == %sCanceled }", g.cq, g.cq)
	}
}

// funcs writes one to four functions of varied signatures.
func (g *gen) funcs() {
	count := 1 + g.pick(4)
	for range count {
		g.fns = append(g.fns, g.signature())
	}
	bodies := append([]genFunc(nil), g.fns...)
	for _, f := range bodies {
		g.body(f)
	}
	g.handler()
	// The type's last method names no receiver, or a blank one: ordinary
	// Go, after which a guarded method goes.
	switch g.n % 3 {
	case 1:
		g.line("func (*R) name() string { return \"r\" }")
	case 2:
		g.line("func (_ *R) kind() string { return \"k\" }")
	}
}

// handler writes an HTTP handler whose context is the request's: taken
// plainly, through WithTimeout, or then replaced by the manager's context
// (a field). Its events and the steps it calls with that context are
// outside the rule until the manager's context is in hand. Written after
// the other functions, it leaves what they are unchanged.
func (g *gen) handler() {
	g.line("func (r *R) %s(w http.ResponseWriter, req *http.Request) {\n_ = w", g.fresh("handle"))
	switch g.pick(3) {
	case 0:
		g.line("ctx := req.Context()\n_ = ctx")
	case 1:
		g.line("ctx, cancel := %sWithTimeout(req.Context(), time.Second)\ndefer cancel()\n_ = ctx", g.cq)
	case 2:
		g.line("ctx := req.Context()\n_ = ctx\nctx = r.mgr")
	}
	g.block(env{ctx: "ctx", ret: "return", errs: g.eq != "-", ctxPkg: true})
	g.ending()
	g.line("}\n")
}

func (g *gen) signature() genFunc {
	f := genFunc{kind: g.pick(10), name: g.fresh("step"), callable: true}
	// One Reconcile per receiver type; the others are steps.
	recv := map[int]string{0: "R", 5: "G", 7: "E"}[f.kind]
	if recv != "" && !g.haveRec[recv] && (f.kind != 0 || g.pick(2) == 0) {
		g.haveRec[recv], f.name = true, "Reconcile"
	}
	switch f.kind {
	case 0, 1, 2, 8, 9:
		f.valueExpr = "r." + f.name
	case 3:
		f.valueExpr = f.name
	case 4:
		f.valueExpr, f.argsFormat = "r."+f.name, "()"
	case 5, 7:
		f.callable = false
	case 6:
		f.valueExpr, f.argsFormat = f.name+"[int]", "(%s, r, 1)"
	}
	switch f.kind {
	case 0:
		f.argsFormat = "(%s, reconcile.Request{})"
	case 1:
		f.argsFormat = "(%s, r.obj)"
	case 2, 8:
		f.argsFormat = "(%s)"
	case 3:
		f.argsFormat = "(%s, r)"
	case 9:
		f.argsFormat = `("not a context")`
	}
	return f
}

// body writes the function's declaration and a generated body.
func (g *gen) body(f genFunc) {
	c := g.cq + "Context"
	e := env{ctx: "ctx", ret: "return", errs: g.eq != "-", ctxPkg: true}
	result := "return reconcile.Result{}, nil"
	switch f.kind {
	case 0:
		g.line("func (r *R) %s(ctx %s, req reconcile.Request) (reconcile.Result, error) {\n_ = req", f.name, c)
		e.ret = result
		g.seedShape()
	case 1:
		g.line("func (r *R) %s(_ %s, obj *corev1.ConfigMap) error {\n_ = obj", f.name, c)
		e.ctx, e.ret = "", "return nil"
	case 2:
		g.line("func (r *R) %s(%s) {", f.name, c)
		e.ctx = ""
	case 3:
		g.line("func %s(ctx %s, r *R) {", f.name, c)
	case 4:
		g.line("func (r *R) %s() {", f.name)
		switch g.pick(3) {
		case 0:
			e.ctx = ""
		case 1:
			g.line("ctx := %sTODO()\n_ = ctx", g.cq)
		case 2:
			g.line("ctx, cancel := %sWithCancel(%sBackground())\ndefer cancel()\n_ = ctx", g.cq, g.cq)
		}
	case 5, 7:
		recv, field := "g *G[T]", "g.r"
		req := "T"
		if f.kind == 7 {
			recv, field, req = "e *E", "e.r", "reconcile.Request"
			e.embedded = true
		}
		g.line("func (%s) %s(ctx %s, req %s) (reconcile.Result, error) {\nr := %s\n_, _ = r, req", recv, f.name, c, req, field)
		e.ret = result
	case 6:
		g.line("func %s[T any](ctx %s, r *R, v T) {\n_ = v", f.name, c)
	case 8:
		g.line("func (r *R) %s(c %s) {", f.name, c)
		e.ctx = "c"
	case 9:
		g.line("func (r *R) %s(ctx string) {\n_ = ctx", f.name)
		e.ctx = ""
	}
	g.block(e)
	if e.ret != "return" {
		g.line(e.ret)
	} else {
		g.ending()
	}
	g.line("}\n")
}

// seedShape opens every other Reconcile body with the seed issue's
// shape: a deferred literal that hands its ctx to a function that emits,
// then a timeout that reassigns ctx and whose cancel is deferred after
// it, so that the literal reads a context the code has cancelled. It
// consumes no input, so that the corpus keeps its programs.
func (g *gen) seedShape() {
	g.seeds++
	if g.seeds%2 == 0 {
		return
	}
	cancel := g.fresh("cancel")
	g.line("defer func() {\nreport(ctx, r)\n}()\nctx, %s := %sWithTimeout(ctx, time.Second)\ndefer %s()", cancel, g.cq, cancel)
}

// ending ends a body without results, in turn: as generated, with an
// event, one under a comment line, one before a bare return, a multi-line
// one, an if and else that each end with one. Where the event ends its
// function the fix is the guard clause. It consumes no input, so that the
// corpus keeps its programs.
func (g *gen) ending() {
	g.endings++
	event := func() string { return `r.rec.Event(r.obj, ` + g.eventType() + `, "Last", "m")` }
	switch g.endings % 6 {
	case 1:
		g.line("%s", event())
	case 2:
		g.line("// The last word.\n%s", event())
	case 3:
		g.line("%s\nreturn", event())
	case 4:
		g.line("r.rec.AnnotatedEventf(\nr.obj,\nmap[string]string{\"revision\": \"v1\"},\n%s,\n\"Last\",\n\"%%s\",\n\"m\",\n)", g.eventType())
	case 5:
		g.line("if r.obj == nil {\n%s\n} else {\n%s\n}", event(), event())
	}
}

// block writes one to three statements in e.
func (g *gen) block(e env) {
	e.depth++
	for range 1 + g.pick(3) {
		g.stmt(&e)
	}
}

func (g *gen) braced(e env) {
	g.line("{")
	g.block(e)
	g.line("}")
}
