package analyzer

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
)

// Categories of the diagnostics, for tooling and for a driver that
// describes a fix to the reviewers of its change: what the event a
// finding skips is, calls that hand a cancelled context on, and the
// diagnostics that are no finding of an event. The command's
// documentation ("JSON output") lists them as a contract.
const (
	CategoryWarning      = "warning"      // a Warning event: a false alarm at shutdown
	CategoryNormal       = "normal"       // a Normal event about a reconciliation shutdown cut short
	CategoryNormalSaved  = "normal-saved" // ... whose function saves the status under a context shutdown does not cancel
	CategoryNotification = "notification" // an event whose type is not known
	CategoryHandoff      = "handoff"      // a call that hands a cancelled context to a check
	CategoryLooseCheck   = "loose-check"  // strict: a check that also skips timeouts
	CategoryDirective    = "directive"    // an ignore directive without a reason
)

// category classifies a finding by its event's type; a Normal event whose
// function saves the status where shutdown does not reach is apart: the
// success is recorded, and only its event is skipped.
func category(em *emitters, f *finding, saved func(*funcNode) bool) string {
	_, t := em.emission(f.site)
	switch t.konst {
	case warningType:
		return CategoryWarning
	case normalType:
		if saved(f.site.fn.outermost()) {
			return CategoryNormalSaved
		}
		return CategoryNormal
	}
	return CategoryNotification
}

// statusSaved returns whether an outermost function (its literals
// included) writes a status with a context that shutdown does not cancel:
// r.Status().Patch(context.Background(), obj, patch), or a variable that
// holds such a context. It remembers what it found.
func statusSaved(idx *index, states callStates) func(*funcNode) bool {
	memo := make(map[*funcNode]bool)
	var byOuter map[*funcNode][]*funcNode
	return func(outer *funcNode) bool {
		if saved, ok := memo[outer]; ok {
			return saved
		}
		if byOuter == nil {
			byOuter = make(map[*funcNode][]*funcNode)
			for _, f := range idx.funcs {
				if !f.iface {
					byOuter[f.outermost()] = append(byOuter[f.outermost()], f)
				}
			}
		}
		saved := false
		for _, f := range byOuter[outer] {
			for _, site := range f.calls {
				saved = saved || statusWriteElsewhere(idx.info, states, site)
			}
		}
		memo[outer] = saved
		return saved
	}
}

// statusWriteElsewhere reports whether a call writes a status (Patch or
// Update of what Status() returns) with a context shutdown does not
// cancel.
func statusWriteElsewhere(info *types.Info, states callStates, site *callSite) bool {
	if site.dispatch() || site.callee == nil || site.callee.Name() != "Patch" && site.callee.Name() != "Update" || len(site.call.Args) == 0 {
		return false
	}
	sel, ok := ast.Unparen(site.call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	status, ok := ast.Unparen(sel.X).(*ast.CallExpr)
	if !ok || calleeNameOf(info, status) != "Status" {
		return false
	}
	switch arg := ast.Unparen(site.call.Args[0]).(type) {
	case *ast.CallExpr:
		fn, ok := typeutil.Callee(info, arg).(*types.Func)
		return ok && fn.Pkg() != nil && fn.Pkg().Path() == "context" && (fn.Name() == "Background" || fn.Name() == "TODO" || fn.Name() == "WithoutCancel")
	case *ast.Ident:
		v, ok := info.Uses[arg].(*types.Var)
		if !ok || !guardflow.IsContext(v.Type()) {
			return false
		}
		state := states.stateAt(site, false)
		for k, w := range state.Vars {
			if w == v {
				return !state.Use[k].InHand()
			}
		}
		return true // it holds nothing shutdown cancels
	}
	return false
}

// calleeNameOf returns the name of the function or method a call calls.
func calleeNameOf(info *types.Info, call *ast.CallExpr) string {
	if fn, ok := typeutil.Callee(info, call).(*types.Func); ok {
		return fn.Name()
	}
	return ""
}
