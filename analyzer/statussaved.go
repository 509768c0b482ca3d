package analyzer

import (
	"go/ast"
	"go/types"

	"github.com/ctxnotify/ctxnotify-lint/internal/callee"
	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
)

// statusSaved returns whether an outermost function (its literals
// included) writes a status with a context that shutdown does not cancel:
// r.Status().Patch(context.Background(), obj, patch), or a variable that
// holds such a context. It remembers what it found.
func statusSaved(idx *callgraph.Graph, states callStates) func(*callgraph.Func) bool {
	memo := make(map[*callgraph.Func]bool)
	var byOuter map[*callgraph.Func][]*callgraph.Func
	return func(outer *callgraph.Func) bool {
		if saved, ok := memo[outer]; ok {
			return saved
		}
		if byOuter == nil {
			byOuter = make(map[*callgraph.Func][]*callgraph.Func)
			for _, f := range idx.Funcs {
				if !f.Iface {
					byOuter[f.Outermost()] = append(byOuter[f.Outermost()], f)
				}
			}
		}
		saved := false
		for _, f := range byOuter[outer] {
			for _, site := range f.Calls {
				saved = saved || statusWriteElsewhere(idx.Info, states, site)
			}
		}
		memo[outer] = saved
		return saved
	}
}

// statusWriteElsewhere reports whether a call writes a status (Patch or
// Update of what Status() returns) with a context shutdown does not
// cancel.
func statusWriteElsewhere(info *types.Info, states callStates, site *callgraph.Site) bool {
	if site.Dispatch() || site.Callee == nil || site.Callee.Name() != "Patch" && site.Callee.Name() != "Update" || len(site.Call.Args) == 0 {
		return false
	}
	sel, ok := ast.Unparen(site.Call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	status, ok := ast.Unparen(sel.X).(*ast.CallExpr)
	if !ok || callee.Name(info, status) != "Status" {
		return false
	}
	switch arg := ast.Unparen(site.Call.Args[0]).(type) {
	case *ast.CallExpr:
		return guardflow.ShutdownNeverCancels(info, arg)
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
