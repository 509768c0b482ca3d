package analyzer

import (
	"go/ast"
	"go/types"

	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
	"github.com/ctxnotify/ctxnotify-lint/internal/fixplan"
	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
	"github.com/ctxnotify/ctxnotify-lint/internal/syntax"
)

// handoff is a call that hands a context the code has cancelled, on every
// path to the call on which it was derived, to a function that checks
// that parameter before its events: the check would drop every event.
type handoff struct {
	// handoffFix holds the call; the derivation whose context it hands
	// on, nil for a literal that runs later; and the argument, a variable
	// that, once d's context has a name of its own, holds at the call the
	// context d derives from: the rename keeps it (nil where the rename
	// would not mend the call).
	fixplan.Handoff
	target callgraph.Param // the parameter it is handed to
	kind   checkKind       // how the callee checks it
	// later is the literal around the call that may run after its
	// function returns, when the context the rename would hand on may be
	// cancelled too: no fix.
	later *callgraph.Func
	use   guardflow.LitUse // how later runs
}

// findHandoffs returns the handoffs in the functions analysed under the
// scope, in source order. Only functions that make contexts the code can
// cancel have them.
func findHandoffs(idx *callgraph.Graph, j *judge, checked *checkedParams, ch *fixplan.Chooser, reported func(*ast.File) bool) []*handoff {
	var out []*handoff
	for _, f := range idx.Funcs {
		if f.Iface || !reported(f.File) || !j.reconcile.analysed(f) {
			continue
		}
		for _, site := range f.Calls {
			if h := handoffAt(idx, checked, ch, site); h != nil && !j.dirs.ignored(site) {
				for _, p := range checked.reaches(h.target) {
					if checked.byFinding[p] { // also where code checks it already: the fix's check would drop what it lets through
						h.FindingChecks = append(h.FindingChecks, p)
					}
				}
				out = append(out, h)
			}
		}
	}
	return out
}

// handoffFixes returns what planning reads of the handoffs.
func handoffFixes(handoffs []*handoff) []*fixplan.Handoff {
	out := make([]*fixplan.Handoff, len(handoffs))
	for i, h := range handoffs {
		out[i] = &h.Handoff
	}
	return out
}

// handoffAt returns the handoff a call makes, if any: the first checked
// context parameter of its callee handed a context that the code has
// cancelled.
func handoffAt(idx *callgraph.Graph, checked *checkedParams, ch *fixplan.Chooser, site *callgraph.Site) *handoff {
	if site.Dispatch() || site.Callee == nil {
		return nil
	}
	params := site.Callee.Signature().Params()
	for k := range params.Len() {
		if !guardflow.IsContext(params.At(k).Type()) {
			continue
		}
		kind := checked.of(site.Callee, k)
		if kind == notChecked {
			continue
		}
		ai, ok := callgraph.ArgIndex(idx.Info, site.Call, k)
		if !ok {
			continue
		}
		// A literal that may run after its function returns hands on a
		// context it captured, which every cancel may have reached by then
		// (controller-runtime's ReconciliationTimeout cancels the reconcile
		// context itself): the check would drop every event, and no rename
		// mends it.
		if v, ok := idx.Info.Uses[syntax.Ident(site.Call.Args[ai])].(*types.Var); ok {
			if later := ch.CapturedLater(site, v); later != nil {
				return &handoff{Handoff: fixplan.Handoff{Site: site}, target: callgraph.Param{Fn: site.Callee, Index: k}, kind: kind, later: later, use: ch.LiteralUse(later)}
			}
		}
		// Only now the holdings: most calls hand no checked parameter.
		pt := ch.HoldingsOf(site.Fn).At(site.Call)
		if pt == nil {
			return nil // the code cancels none of its contexts, or never makes the call
		}
		if d := pt.CancelledArg(ai); d != nil {
			h := &handoff{Handoff: fixplan.Handoff{Site: site, Derivation: d}, target: callgraph.Param{Fn: site.Callee, Index: k}, kind: kind}
			if v, ok := idx.Info.Uses[syntax.Ident(site.Call.Args[ai])].(*types.Var); ok && v == d.Var {
				if want, ok := pt.ShutdownOnly(v); ok && keptHolds(idx, pt, site, d, v, want) {
					h.Arg = syntax.Ident(site.Call.Args[ai])
				}
			}
			return h
		}
	}
	return nil
}

// keptHolds reports whether the argument v, kept when d's context takes a
// name of its own, then holds want at the call: v itself, had d not
// assigned it; or, where d declares v (hiding an outer variable of its
// name), that outer variable, which the name then refers to.
func keptHolds(idx *callgraph.Graph, pt *guardflow.Point, site *callgraph.Site, d *guardflow.Derivation, v *types.Var, want guardflow.Contexts) bool {
	if idx.Info.Defs[d.Name] != v {
		return pt.HoldsOnlyWithout(v, d, want)
	}
	if v.Parent() == nil || v.Parent().Parent() == nil {
		return false
	}
	_, obj := v.Parent().Parent().LookupParent(v.Name(), site.Call.Pos())
	outer, ok := obj.(*types.Var)
	return ok && guardflow.IsContext(outer.Type()) && pt.HoldsOnly(outer, want)
}
