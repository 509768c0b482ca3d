package rungen

import (
	"fmt"
	"slices"
	"strings"
)

// gen is the state of one program being written.
type gen struct {
	in       []byte
	n        int             // for fresh names
	tags     int             // reasons given so far
	out      strings.Builder // the functions after New, in the order written
	uses     map[string]bool // imports, fields and helpers the code written so far needs
	sites    []Site
	shapes   map[Shape]int
	queue    []func() // functions to write once the current one is done
	budget   int      // statements left to write, so that every input ends soon
	apiCalls int      // API calls written
	steps    int      // steps declared
	// directEvents counts the r.Recorder.Event statements that a check
	// at the call can fix: three make the guarded method's case.
	directEvents int
	failMask     uint64
	receiver     int      // how the type's last method names its receiver: unnamed, blank, named
	fn           *fnState // the function being written
}

// fnState is what the function being written (a declaration, with the
// literals in it) has done so far.
type fnState struct {
	sites        []int // its sites, by index in gen.sites
	literalSites []int // those in its literals
	// A check that returns (if shuttingDown(ctx) { return }) guards what
	// follows until a call that is handed the context and returns an
	// error. API calls made inside a literal run in place (a group's, a
	// parallel-for's, a local function's) are not such a call for the
	// rule, which does not follow calls through closures: an event after
	// them may go out after a shutdown at one of them, with the check
	// still fresh by the rule. Where a function has both, its sites are
	// out of reach (the generator does not follow the paths either).
	checks, literalAPI bool
	// caller is the function that calls this one (a step), whose check
	// may guard this one at its entry by the rule (an unexported function
	// all of whose calls are guarded starts fresh).
	caller *fnState
	// throughLiterals is decided at the end: its sites are out of reach
	// for the reason above, its own or its caller's.
	throughLiterals bool
}

// begin starts writing a function declaration called by caller (nil
// for Reconcile).
func (g *gen) begin(caller *fnState) { g.fn = &fnState{caller: caller} }

// end ends the function declaration being written.
func (g *gen) end() {
	// A check of its own, or its caller's that guards its entry, may stay
	// fresh through its literals' API calls.
	guarded := g.fn.checks || g.fn.caller != nil && g.fn.caller.checks
	g.fn.throughLiterals = guarded && g.fn.literalAPI || g.fn.caller != nil && g.fn.caller.throughLiterals
	if g.fn.throughLiterals {
		for _, i := range g.fn.sites {
			if g.sites[i].OutOfReach == "" {
				g.sites[i].OutOfReach = "a check before it may stay fresh through API calls made in literals"
			}
		}
	}
	g.fn = nil
}

// runLiteral writes a literal that runs in place with write, noting
// whether it calls the API.
func (g *gen) runLiteral(write func()) {
	before := g.apiCalls
	write()
	if g.apiCalls > before {
		g.fn.literalAPI = true
	}
}

// env is what the statement being written can see and do.
type env struct {
	ctx    string // the context to hand to calls and to check ("" where the code must not name one)
	ret    string // the innermost function's return statement without an error
	errRet string // the same with an error, a format taking it; "" where the function returns none
	loop   string // the innermost loop's label, "-" in an unlabeled loop, "" outside loops
	top    bool   // at the top level of a function body: ctx, c := ... assigns the parameter ctx
	lit    bool   // in a function literal
	late   bool   // runs after Reconcile has returned: no API calls
	// deferred: runs when a function returns, maybe after a derivation
	// written later that the fix renames, which makes it read the parent
	// instead (by the rule, that is the point): its API calls are handed
	// context.WithoutCancel(ctx), whose outcome is the same either way.
	deferred bool
	depth    int
	// outOfReach says why the sites written here are outside the
	// analyzer's rule ("" when they are in it).
	outOfReach string
	shape      Shape // the shape being written, for the sites
}

// within returns e for the sites of shape s, unless e is already within
// a shape (the shapes of issue 41, written by the openings and callbacks,
// name the sites they enclose).
func (e env) within(s Shape) env {
	if e.shape == "" {
		e.shape = s
	}
	return e
}

// simple reports whether only statements without a context of their own,
// nesting or callbacks may be written here.
func (e env) simple() bool { return e.outOfReach != "" || e.deferred || e.depth > 3 }

func newGen(input []byte) *gen {
	return &gen{in: input, uses: make(map[string]bool), shapes: make(map[Shape]int), budget: 28}
}

// pick returns the next choice among n, from the next byte of the input.
func (g *gen) pick(n int) int {
	if len(g.in) == 0 {
		return 0
	}
	c := int(g.in[0])
	g.in = g.in[1:]
	return c % n
}

func (g *gen) fresh(prefix string) string {
	g.n++
	return fmt.Sprintf("%s%d", prefix, g.n)
}

func (g *gen) line(format string, args ...any) {
	fmt.Fprintf(&g.out, format+"\n", args...)
}

func (g *gen) use(what ...string) {
	for _, w := range what {
		g.uses[w] = true
	}
}

func (g *gen) shape(s Shape) { g.shapes[s]++ }

// site returns the reason of a new emission site written in e.
func (g *gen) site(e env) string {
	g.tags++
	tag := fmt.Sprintf("E%d", g.tags)
	shape := e.shape
	if shape == "" {
		shape = Success
	}
	g.fn.sites = append(g.fn.sites, len(g.sites))
	if e.lit {
		g.fn.literalSites = append(g.fn.literalSites, len(g.sites))
	}
	g.sites = append(g.sites, Site{Tag: tag, Shape: shape, Late: e.late, OutOfReach: e.outOfReach})
	return tag
}

// program writes the whole program: the failure mask, Reconcile, then
// the functions it called for, each once.
func (g *gen) program() {
	a, b := g.pick(256), g.pick(256)
	g.failMask = uint64(a & b) // a quarter of the first eight calls fail, on average
	g.receiver = g.pick(3)
	g.reconcile()
	for len(g.queue) > 0 {
		next := g.queue[0]
		g.queue = g.queue[1:]
		next()
	}
	g.helpers()
}

// imports are the packages a program may import, by the name g.uses
// knows them by ("" for always), in two groups: the standard library's,
// then the others.
var imports = []struct{ use, spec string }{
	{"", `"context"`},
	{"errors", `"errors"`},
	{"time", `"time"`},
	{"", ""},
	{"", `corev1 "k8s.io/api/core/v1"`},
	{"runtime", `"k8s.io/apimachinery/pkg/runtime"`},
	{"events", `"k8s.io/client-go/tools/events"`},
	{"", `"k8s.io/client-go/tools/record"`},
	{"workqueue", `"k8s.io/client-go/util/workqueue"`},
	{"errgroup", `"golang.org/x/sync/errgroup"`},
	{"logf", `logf "sigs.k8s.io/controller-runtime/pkg/log"`},
	{"", `"sigs.k8s.io/controller-runtime/pkg/reconcile"`},
	{"", `"` + ModulePath + `/rt"`},
}

// file returns the program's source: the package clause, the imports it
// uses, the reconciler type and New, and the functions written.
func (g *gen) file(name string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "// Package %s is a controller generated by e2e/internal/rungen.\npackage %s\n\nimport (\n", name, name)
	for _, imp := range imports {
		switch {
		case imp.spec == "":
			b.WriteString("\n")
		case imp.use == "" || g.uses[imp.use]:
			fmt.Fprintf(&b, "\t%s\n", imp.spec)
		}
	}
	b.WriteString(")\n\n// Reconciler is the generated controller.\ntype Reconciler struct {\n")
	fields := []struct{ use, decl, init string }{
		{"", "Recorder record.EventRecorder", "Recorder: env.Recorder"},
		{"events", "Events events.EventRecorder", "Events: env.Events"},
		{"", "API *rt.API", "API: env.API"},
		{"hooks", "Hooks *rt.Hooks", "Hooks: env.Hooks"},
		{"late", "Late *rt.Late", "Late: env.Late"},
		{"", "obj *corev1.ConfigMap", "obj: &corev1.ConfigMap{}"},
		{"pending", "pending []func()", ""},
	}
	var inits []string
	for _, f := range fields {
		if f.use == "" || g.uses[f.use] {
			fmt.Fprintf(&b, "\t%s\n", f.decl)
			if f.init != "" {
				inits = append(inits, f.init)
			}
		}
	}
	fmt.Fprintf(&b, "}\n\n// New returns the controller, built from env.\nfunc New(env *rt.Env) reconcile.Reconciler {\n\treturn &Reconciler{%s}\n}\n\n", strings.Join(inits, ", "))
	b.WriteString(g.out.String())
	return []byte(b.String())
}

// has reports whether the program uses all of what.
func (g *gen) has(what ...string) bool {
	return !slices.ContainsFunc(what, func(w string) bool { return !g.uses[w] })
}
