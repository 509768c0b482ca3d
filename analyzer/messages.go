package analyzer

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
	"github.com/ctxnotify/ctxnotify-lint/internal/fixplan"
	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
	"github.com/ctxnotify/ctxnotify-lint/internal/recorders"
)

// message says what a finding emits, why it is not guarded, and what to
// do. It names the site (the event's reason when it is a constant, else the
// call), so that messages stay distinct where a tool hides repeats.
func message(idx *callgraph.Graph, em *emitters, f *fixplan.Finding, plan *fixplan.Plan) string {
	site := f.Site
	name := plan.CheckNames[f]
	check := fixplan.CheckText(name)
	steps := em.chain(site)
	helper := len(callSteps(steps)) > 1
	_, typ := em.emission(site)
	shutdown := whyShutdown(typ)

	var what string // "event "R" emitted by r.Eventf" or "r.notify(obj) emits an event (r.Eventf at x.go:3)"
	if helper {
		what = emitsText(site, steps)
	} else {
		what = "event emitted by " + sinkText(site)
		if reason, ok := constantReason(idx.Info, site); ok {
			what = fmt.Sprintf("event %q emitted by %s", reason, site.Name())
		}
	}
	var msg string
	switch why := f.State.Why; {
	case site.Deferred() && helper:
		msg = fmt.Sprintf("deferred call of %s after every cancellation check: %s; emit it from a deferred func that checks %s first", what, shutdown, check)
	case site.Deferred():
		msg = fmt.Sprintf("deferred %s runs after every cancellation check: %s; emit it from a deferred func that checks %s first", what, shutdown, check)
	case plan.InGoroutine(site):
		msg = fmt.Sprintf("%s in a goroutine that may outlive the reconciliation, without a cancellation check: %s; decide whether the event is still wanted before starting the goroutine (check %s there)", what, shutdown, check)
	case f.Check.Later != nil:
		msg = fmt.Sprintf("%s in a function literal that may run after its function returns, when every cancel has run, without a cancellation check: %s; decide whether the event is still wanted before %s (check %s there)", what, shutdown, handingText(idx, f.Check.Later, f.Check.Use), check)
	case why.StaleAt != nil:
		covered := "the check at line " + lineOf(idx, why.Check) + " no longer covers it"
		if why.Check == nil {
			covered = fmt.Sprintf("the checks at the call sites of %s no longer cover it", site.Fn.Outermost().Name())
		}
		where := "right before emitting"
		if helper {
			where = "right before calling it"
		}
		msg = fmt.Sprintf("%s after %s (line %s), which fails with context canceled during shutdown; %s: check %s %s",
			what, staleCallText(idx.Info, why.StaleAt), lineOf(idx, why.StaleAt), covered, check, where)
	case helper:
		msg = fmt.Sprintf("%s without a cancellation check: %s; check %s first", what, shutdown, check)
	default:
		msg = fmt.Sprintf("%s is not guarded against context cancellation: %s; check %s first", what, shutdown, check)
	}
	if t := f.State.Why.ErrTest; t != nil {
		msg += fmt.Sprintf(" (the test %s at line %s does not count: an error returned by another call need not wrap the context's; test %s.Err() itself)",
			types.ExprString(t), lineOf(idx, t), name)
	}
	if why := noFixWhy(idx, f, plan); why != "" {
		msg += " (no fix: " + why + ")"
	}
	return msg
}

// noFixWhy says why a finding whose call holds a usable context gets no
// fix because of the context a check would read: no name refers to it
// where the check goes, or the derived context that takes its name cannot
// take another.
func noFixWhy(idx *callgraph.Graph, f *fixplan.Finding, plan *fixplan.Plan) string {
	if u := f.Check.Unnamed; u.Kind != fixplan.NotUnnamed {
		return unnamedText(idx, u)
	}
	if d := f.Check.Derived; d != nil {
		if why := plan.NoRename[d]; why.Kind != fixplan.Renamable {
			return fmt.Sprintf("%s; it cannot be renamed: %s", takenText(idx, d.Name.Name, d), noRenameText(idx, why))
		}
	}
	return ""
}

// unnamedText says why no check can name the context a finding holds,
// and what to keep under a name of its own.
func unnamedText(idx *callgraph.Graph, u fixplan.Unnamed) string {
	name := fixplan.ContextText(u.Var)
	switch u.Kind {
	case fixplan.Hidden:
		if u.Hider != nil {
			return fmt.Sprintf("%s here is the variable declared at line %s, not the context shutdown cancels; keep that context under a name of its own",
				name, lineAt(idx, u.Hider.Pos()))
		}
		return fmt.Sprintf("no name refers to %s here; keep it under a name of its own", name)
	case fixplan.NeverCancelled:
		return fmt.Sprintf("%s here may hold the context of %s (line %s), which shutdown never cancels; keep the context shutdown cancels under a name of its own",
			name, types.ExprString(ast.Unparen(u.Call.Fun)), lineAt(idx, u.Call.Pos()))
	case fixplan.CancelledOnly:
		return fmt.Sprintf("%s may hold a context that the code cancels itself, derived from none that it does not", name)
	case fixplan.Taken:
		return takenText(idx, u.Var.Name(), u.Derivation)
	}
	return ""
}

// takenText says that the context a derivation derives from has lost
// its name to the derived one.
func takenText(idx *callgraph.Graph, name string, d *guardflow.Derivation) string {
	return fmt.Sprintf("%s here holds the context of %s (line %s), which the code cancels itself; give that context a name of its own so that %s stays the context shutdown cancels",
		name, derivationText(d), lineAt(idx, d.Call.Pos()), name)
}

// noRenameText says why a derived context cannot take a name of its own.
func noRenameText(idx *callgraph.Graph, r fixplan.NoRename) string {
	name := ""
	if r.Var != nil {
		name = r.Var.Name()
	}
	switch r.Kind {
	case fixplan.Unfollowed:
		return "its variable cannot be followed"
	case fixplan.OuterAssigned:
		return "its assignment, with =, assigns variables of an outer scope too"
	case fixplan.ReadLater:
		return fmt.Sprintf("a function literal that may run after it reads %s (line %s)", name, lineAt(idx, r.At))
	case fixplan.EitherContext:
		return fmt.Sprintf("%s at line %s may hold either context", name, lineAt(idx, r.At))
	case fixplan.OutsideBlock:
		return fmt.Sprintf("%s at line %s is outside the block that declares it", name, lineAt(idx, r.At))
	case fixplan.ReadAfterAssigned:
		return fmt.Sprintf("the function literal at line %s reads %s when it runs, which may be after %s is assigned again", lineAt(idx, r.At), name, name)
	case fixplan.AssignedElsewhere:
		return fmt.Sprintf("%s is assigned elsewhere too", name)
	case fixplan.NotInBlock:
		return "its assignment is not a statement of a block"
	case fixplan.NoFreeName:
		return "no name is free"
	case fixplan.JumpedOver:
		return "a goto jumps over its assignment, and no declaration can go before it"
	}
	return ""
}

// derivationText names a derivation's function: "context.WithTimeout".
func derivationText(d *guardflow.Derivation) string {
	return types.ExprString(ast.Unparen(d.Call.Fun))
}

// handoffMessage says that a call hands a context the code has cancelled
// to a function that checks it, which would drop every event, and what to
// do.
func handoffMessage(idx *callgraph.Graph, h *handoff, plan *fixplan.Plan) string {
	return callText(h.Site.Call) + " " + handoffText(idx, h, plan, false)
}

// handoffText is handoffMessage after the call: "hands f a context that
// ...". With also, the message of a finding at the call precedes it,
// which says where a literal that runs later is handed on.
func handoffText(idx *callgraph.Graph, h *handoff, plan *fixplan.Plan, also bool) string {
	callee := h.target.Fn.Name()
	var checks string
	switch h.kind {
	case checkedHere:
		checks = callee + " checks it before its events"
	case checkedByFinding:
		checks = "the check that the fix adds to " + callee + " tests it before its events"
	default:
		checks = callee + " passes it on to a function that checks it before its events"
	}
	if h.Derivation == nil && also {
		return fmt.Sprintf("hands %s a context that may be cancelled when the call runs, and %s, so every event would be dropped", callee, checks)
	}
	if h.Derivation == nil {
		return fmt.Sprintf("hands %s a context that may be cancelled when the call runs: it is in a function literal that may run after its function returns, when every cancel has run, and %s, so every event would be dropped; decide whether the events are still wanted before %s (no fix)",
			callee, checks, handingText(idx, h.later, h.use))
	}
	msg := fmt.Sprintf("hands %s a context that the code has cancelled (%s at line %s) on every path to the call: %s, so every event would be dropped; give the derived context a name of its own",
		callee, derivationText(h.Derivation), lineAt(idx, h.Derivation.Call.Pos()), checks)
	if h.Derivation.Name != nil {
		msg += fmt.Sprintf(" so that %s stays the context shutdown cancels", h.Derivation.Name.Name)
	}
	switch {
	case h.Arg == nil:
		msg += " (no fix: the argument would not hold the context it derives from)"
	case plan.NoRename[h.Derivation].Kind != fixplan.Renamable:
		msg += " (no fix: " + noRenameText(idx, plan.NoRename[h.Derivation]) + ")"
	}
	return msg
}

// handingText says where a literal that may run later is handed on:
// "handing it to time.AfterFunc (line 31)", "storing it (line 31)".
func handingText(idx *callgraph.Graph, lit *callgraph.Func, use guardflow.LitUse) string {
	line := lineOf(idx, lit.Lit)
	if use.Call != nil {
		return fmt.Sprintf("handing it to %s (line %s)", types.ExprString(ast.Unparen(use.Call.Fun)), line)
	}
	return fmt.Sprintf("handing it on (line %s)", line)
}

// whyShutdown says what the event does when shutdown has cancelled the
// context, by its type: only a Warning event is a false failure
// notification.
func whyShutdown(t eventType) string {
	switch t.class() {
	case warningEvent:
		return "during shutdown it sends a false failure notification"
	case normalEvent:
		return "during shutdown it notifies about a reconciliation that shutdown cut short"
	}
	return "during shutdown it still sends a notification"
}

// constantReason returns the reason a recorder call gives its event, when
// it is a constant.
func constantReason(info *types.Info, site *callgraph.Site) (string, bool) {
	if site.Callee == nil {
		return "", false
	}
	shape, ok := recorders.ShapeOf(site.Callee)
	if !ok {
		return "", false
	}
	arg := callgraph.ArgOf(info, site.Call, shape.Reason)
	if arg == nil {
		return "", false
	}
	tv, ok := info.Types[arg]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// sinkText names a sink call whose reason is not a constant: the call
// itself, so that its message differs from others of the same sink.
func sinkText(site *callgraph.Site) string {
	if _, ok := recorders.ShapeOf(site.Callee); !ok && site.Callee != nil {
		return site.Name() // a configured sink: its name is the site
	}
	return callText(site.Call)
}

// callText writes a call on one line, with long arguments elided.
func callText(call *ast.CallExpr) string {
	const maxArg = 32
	args := make([]string, len(call.Args))
	for i, a := range call.Args {
		s := types.ExprString(a)
		if len(s) > maxArg {
			s = "…"
		}
		args[i] = s
	}
	if call.Ellipsis.IsValid() && len(args) > 0 {
		args[len(args)-1] += "..."
	}
	return types.ExprString(ast.Unparen(call.Fun)) + "(" + strings.Join(args, ", ") + ")"
}

// staleCallText names the call that made a check stale by its function
// and the context it is handed: r.Status().Update(ctx, …).
func staleCallText(info *types.Info, call *ast.CallExpr) string {
	var ctxArg string
	for _, a := range call.Args {
		if guardflow.IsContext(info.TypeOf(a)) {
			ctxArg = types.ExprString(a)
			break
		}
	}
	if len(ctxArg) > 32 {
		ctxArg = "…"
	}
	if len(call.Args) > 1 || ctxArg == "" {
		ctxArg += ", …"
		ctxArg = strings.TrimPrefix(ctxArg, ", ")
	}
	return types.ExprString(ast.Unparen(call.Fun)) + "(" + ctxArg + ")"
}

func lineOf(idx *callgraph.Graph, n ast.Node) string {
	if n == nil {
		return "?"
	}
	return lineAt(idx, n.Pos())
}

func lineAt(idx *callgraph.Graph, pos token.Pos) string {
	return fmt.Sprint(idx.Fset.Position(pos).Line)
}

// callSteps returns the steps that are calls, without the dispatches.
func callSteps(steps []emitStep) []emitStep {
	var out []emitStep
	for _, s := range steps {
		if !s.dispatch() {
			out = append(out, s)
		}
	}
	return out
}

// callsText says what a chain of steps calls: "calls a at x.go:3, which
// calls b at y.go:9", or, for none, that it is a sink itself.
func callsText(steps []emitStep) string {
	calls := callSteps(steps)
	if len(calls) == 0 {
		return "publishes the event"
	}
	var rest []string
	for _, s := range calls {
		rest = append(rest, s.Callee+" at "+s.At)
	}
	return "calls " + strings.Join(rest, ", which calls ")
}

// emitsText says what a call of a helper emits, and through which
// implementation for an interface method:
// "r.record.Event(…) emits an event (APIRecorder.Event calls r.kube.AnnotatedEventf at event.go:103)".
func emitsText(site *callgraph.Site, steps []emitStep) string {
	calls := callSteps(steps)
	sink := calls[len(calls)-1]
	if len(steps) > 1 && steps[1].dispatch() {
		verb := "calls"
		if len(calls) > 2 {
			verb = "reaches"
		}
		return fmt.Sprintf("%s emits an event (%s %s %s at %s)", callText(site.Call), steps[1].Impl, verb, sink.Callee, sink.At)
	}
	return fmt.Sprintf("%s emits an event (%s at %s)", callText(site.Call), sink.Callee, sink.At)
}

// methodText names a method by its receiver's type: "Recorder.Event".
func methodText(fn *types.Func) string {
	if tn := callgraph.ReceiverType(fn); tn != nil {
		return tn.Name() + "." + fn.Name()
	}
	return fn.Name()
}
