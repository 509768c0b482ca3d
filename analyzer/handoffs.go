package analyzer

import (
	"go/ast"
	"go/types"

	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
)

// handoff is a call that hands a context the code has cancelled, on every
// path to the call on which it was derived, to a function that checks
// that parameter before its events: the check would drop every event.
type handoff struct {
	site   *callSite
	target paramRef              // the parameter it is handed to
	kind   checkKind             // how the callee checks it
	d      *guardflow.Derivation // the derivation whose context it hands on; nil for a literal that runs later
	// arg is the argument, a variable that, once d's context has a name of
	// its own, holds at the call the context d derives from: the rename
	// keeps it. nil where the rename would not mend the call.
	arg *ast.Ident
	// later is the literal around the call that may run after its
	// function returns, when the context the rename would hand on may be
	// cancelled too: no fix.
	later *funcNode
	use   guardflow.LitUse // how later runs
}

// findHandoffs returns the handoffs in the functions analysed under the
// scope, in source order. Only functions that make contexts the code can
// cancel have them.
func findHandoffs(idx *index, j *judge, checked *checkedParams, ch *chooser, reported func(*ast.File) bool) []*handoff {
	var out []*handoff
	for _, f := range idx.funcs {
		if f.iface || !reported(f.file) || !j.reconcile.analysed(f) {
			continue
		}
		for _, site := range f.calls {
			if h := handoffAt(idx, checked, ch, site); h != nil && !j.dirs.ignored(site) {
				out = append(out, h)
			}
		}
	}
	return out
}

// handoffAt returns the handoff a call makes, if any: the first checked
// context parameter of its callee handed a context that the code has
// cancelled.
func handoffAt(idx *index, checked *checkedParams, ch *chooser, site *callSite) *handoff {
	if site.dispatch() || site.callee == nil {
		return nil
	}
	params := site.callee.Signature().Params()
	for k := range params.Len() {
		if !isContextType(params.At(k).Type()) {
			continue
		}
		kind := checked.of(site.callee, k)
		if kind == notChecked {
			continue
		}
		ai, ok := argIndex(idx.info, site.call, k)
		if !ok {
			continue
		}
		// A literal that may run after its function returns hands on a
		// context it captured, which every cancel may have reached by then
		// (controller-runtime's ReconciliationTimeout cancels the reconcile
		// context itself): the check would drop every event, and no rename
		// mends it.
		if v, ok := idx.info.Uses[identOf(site.call.Args[ai])].(*types.Var); ok {
			if later := ch.capturedLater(site, v); later != nil {
				return &handoff{site: site, target: paramRef{site.callee, k}, kind: kind, later: later, use: ch.literalUse(later)}
			}
		}
		// Only now the holdings: most calls hand no checked parameter.
		pt, ok := ch.holdingsOf(site.fn).At(site.call)
		if !ok {
			return nil
		}
		if d := pt.CancelledArg(ai); d != nil {
			h := &handoff{site: site, target: paramRef{site.callee, k}, kind: kind, d: d}
			if v, ok := idx.info.Uses[identOf(site.call.Args[ai])].(*types.Var); ok && v == d.Var {
				if want, ok := pt.ShutdownOnly(v); ok && keptHolds(idx, pt, site, d, v, want) {
					h.arg = identOf(site.call.Args[ai])
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
func keptHolds(idx *index, pt *guardflow.Point, site *callSite, d *guardflow.Derivation, v *types.Var, want guardflow.Contexts) bool {
	if idx.info.Defs[d.Name] != v {
		return pt.HoldsOnlyWithout(v, d, want)
	}
	if v.Parent() == nil || v.Parent().Parent() == nil {
		return false
	}
	_, obj := v.Parent().Parent().LookupParent(v.Name(), site.call.Pos())
	outer, ok := obj.(*types.Var)
	return ok && isContextType(outer.Type()) && pt.HoldsOnly(outer, want)
}
