package analyzer

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"strings"

	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
	"github.com/ctxnotify/ctxnotify-lint/internal/recorders"
)

// message says what a finding emits, why it is not guarded, and what to
// do. It names the site (the event's reason when it is a constant, else the
// call), so that messages stay distinct where a tool hides repeats.
func message(idx *index, em *emitters, f *finding, plan *fixPlan) string {
	site := f.site
	name := plan.checkNames[f]
	check := fmt.Sprintf("errors.Is(%s.Err(), context.Canceled)", name)
	steps := em.chain(site)
	helper := len(callSteps(steps)) > 1
	_, typ := em.emission(site)
	shutdown := whyShutdown(typ)

	var what string // "event "R" emitted by r.Eventf" or "r.notify(obj) emits an event (r.Eventf at x.go:3)"
	if helper {
		what = emitsText(site, steps)
	} else {
		what = "event emitted by " + sinkText(site)
		if reason, ok := constantReason(idx.info, site); ok {
			what = fmt.Sprintf("event %q emitted by %s", reason, site.name())
		}
	}
	var msg string
	switch why := f.state.Why; {
	case site.deferred() && helper:
		msg = fmt.Sprintf("deferred call of %s after every cancellation check: %s; emit it from a deferred func that checks %s first", what, shutdown, check)
	case site.deferred():
		msg = fmt.Sprintf("deferred %s runs after every cancellation check: %s; emit it from a deferred func that checks %s first", what, shutdown, check)
	case inGoroutine(site):
		msg = fmt.Sprintf("%s in a goroutine that may outlive the reconciliation, without a cancellation check: %s; decide whether the event is still wanted before starting the goroutine (check %s there)", what, shutdown, check)
	case f.check.later != nil:
		msg = fmt.Sprintf("%s in a function literal that may run after its function returns, when every cancel has run, without a cancellation check: %s; decide whether the event is still wanted before %s (check %s there)", what, shutdown, handingText(idx, f.check.later, f.check.use), check)
	case why.StaleAt != nil:
		covered := "the check at line " + lineOf(idx, why.Check) + " no longer covers it"
		if why.Check == nil {
			covered = fmt.Sprintf("the checks at the call sites of %s no longer cover it", site.fn.outermost().name())
		}
		where := "right before emitting"
		if helper {
			where = "right before calling it"
		}
		msg = fmt.Sprintf("%s after %s (line %s), which fails with context canceled during shutdown; %s: check %s %s",
			what, staleCallText(idx.info, why.StaleAt), lineOf(idx, why.StaleAt), covered, check, where)
	case helper:
		msg = fmt.Sprintf("%s without a cancellation check: %s; check %s first", what, shutdown, check)
	default:
		msg = fmt.Sprintf("%s is not guarded against context cancellation: %s; check %s first", what, shutdown, check)
	}
	if t := f.state.Why.ErrTest; t != nil {
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
func noFixWhy(idx *index, f *finding, plan *fixPlan) string {
	if f.check.why != "" {
		return f.check.why
	}
	if d := f.check.derived; d != nil {
		if why := plan.renameWhy[d]; why != "" {
			return fmt.Sprintf("%s; it cannot be renamed: %s", derivedWhy(idx, d.Name.Name, d), why)
		}
	}
	return ""
}

// handoffMessage says that a call hands a context the code has cancelled
// to a function that checks it, which would drop every event, and what to
// do.
func handoffMessage(idx *index, h *handoff, plan *fixPlan) string {
	callee := h.target.fn.Name()
	var checks string
	switch h.kind {
	case checkedHere:
		checks = callee + " checks it before its events"
	case checkedByFix:
		checks = "the check that the fix adds to " + callee + " tests it before its events"
	default:
		checks = callee + " passes it on to a function that checks it before its events"
	}
	if h.d == nil {
		return fmt.Sprintf("%s hands %s a context that may be cancelled when the call runs: it is in a function literal that may run after its function returns, when every cancel has run, and %s, so every event would be dropped; decide whether the events are still wanted before %s (no fix)",
			callText(h.site.call), callee, checks, handingText(idx, h.later, h.use))
	}
	msg := fmt.Sprintf("%s hands %s a context that the code has cancelled (%s at line %s) on every path to the call: %s, so every event would be dropped; give the derived context a name of its own",
		callText(h.site.call), callee, derivationText(h.d), lineAt(idx.fset, h.d.Call.Pos()), checks)
	if h.d.Name != nil {
		msg += fmt.Sprintf(" so that %s stays the context shutdown cancels", h.d.Name.Name)
	}
	switch {
	case h.arg == nil:
		msg += " (no fix: the argument would not hold the context it derives from)"
	case plan.renameWhy[h.d] != "":
		msg += " (no fix: " + plan.renameWhy[h.d] + ")"
	}
	return msg
}

// handingText says where a literal that may run later is handed on:
// "handing it to time.AfterFunc (line 31)", "storing it (line 31)".
func handingText(idx *index, lit *funcNode, use guardflow.LitUse) string {
	line := lineOf(idx, lit.lit)
	if use.Call != nil {
		return fmt.Sprintf("handing it to %s (line %s)", types.ExprString(ast.Unparen(use.Call.Fun)), line)
	}
	return fmt.Sprintf("handing it on (line %s)", line)
}

// whyShutdown says what the event does when shutdown has cancelled the
// context, by its type: only a Warning event is a false failure
// notification.
func whyShutdown(t eventType) string {
	switch t.konst {
	case warningType:
		return "during shutdown it sends a false failure notification"
	case normalType:
		return "during shutdown it notifies about a reconciliation that shutdown cut short"
	}
	return "during shutdown it still sends a notification"
}

// constantReason returns the reason a recorder call gives its event, when
// it is a constant.
func constantReason(info *types.Info, site *callSite) (string, bool) {
	if site.callee == nil {
		return "", false
	}
	shape, ok := recorders.ShapeOf(site.callee)
	if !ok {
		return "", false
	}
	arg := argOf(info, site.call, shape.Reason)
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
func sinkText(site *callSite) string {
	if _, ok := recorders.ShapeOf(site.callee); !ok && site.callee != nil {
		return site.name() // a configured sink: its name is the site
	}
	return callText(site.call)
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
		if isContextType(info.TypeOf(a)) {
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

func lineOf(idx *index, n ast.Node) string {
	if n == nil {
		return "?"
	}
	return fmt.Sprint(idx.fset.Position(n.Pos()).Line)
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
func emitsText(site *callSite, steps []emitStep) string {
	calls := callSteps(steps)
	sink := calls[len(calls)-1]
	if len(steps) > 1 && steps[1].dispatch() {
		verb := "calls"
		if len(calls) > 2 {
			verb = "reaches"
		}
		return fmt.Sprintf("%s emits an event (%s %s %s at %s)", callText(site.call), steps[1].Impl, verb, sink.Callee, sink.At)
	}
	return fmt.Sprintf("%s emits an event (%s at %s)", callText(site.call), sink.Callee, sink.At)
}

// methodText names a method by its receiver's type: "Recorder.Event".
func methodText(fn *types.Func) string {
	if tn := receiverType(fn); tn != nil {
		return tn.Name() + "." + fn.Name()
	}
	return fn.Name()
}
