package analyzer

import (
	"go/types"
	"slices"

	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
)

// findRequestParams finds the context parameters that hold an inbound HTTP
// request's context on every path: those of a function that may start
// guarded (unexported, never a value, with static call sites, as for
// entryGuarded) whose every call site passes a request's context there,
// or a parameter that is itself such. Shutdown never cancels a request's
// context, so it is no usable one (the documentation's "Request
// contexts").
//
// Greatest fixpoint, as entryGuarded: every context parameter of such a
// function that is called only from functions that ask a request for its
// context, or from other such functions, is assumed to hold a request's;
// it loses that when a call site passes anything else, and the function's
// dataflows are then computed again and its callees looked at again. A
// package that never asks a request for its context has none.
func findRequestParams(idx *callgraph.Graph, fl *flows, mayEmit map[*callgraph.Func]bool) map[*callgraph.Func][]*types.Var {
	asks := make(map[*callgraph.Func]bool) // outermost declarations that call (*http.Request).Context
	for _, f := range idx.Funcs {
		for _, site := range f.Calls {
			if site.Callee != nil && guardflow.IsRequestContext(site.Callee) {
				asks[f.Outermost()] = true
			}
		}
	}
	if len(asks) == 0 {
		return nil
	}
	params := make(map[*callgraph.Func][]*types.Var)
	for _, f := range idx.Funcs {
		if ps := callgraph.ContextParams(f.Sig); len(ps) > 0 && mayEmit[f] && idx.CallersKnown(f) {
			params[f] = ps
		}
	}
	// Syntax first: every caller must be able to hold a request's context.
	for changed := true; changed; {
		changed = false
		for f := range params {
			for _, site := range idx.Callers[f] {
				if caller := site.Fn.Outermost(); site.Dispatch() || !asks[caller] && params[caller] == nil {
					delete(params, f)
					changed = true
					break
				}
			}
		}
	}
	if len(params) == 0 {
		return nil
	}
	tree := make(map[*callgraph.Func][]*callgraph.Func) // a declaration -> it and the literals in it
	for _, f := range idx.Funcs {
		tree[f.Outermost()] = append(tree[f.Outermost()], f)
	}
	fl.requestParams = params
	var work []*callgraph.Func
	for _, f := range idx.Funcs {
		if params[f] != nil {
			work = append(work, f)
		}
	}
	for len(work) > 0 {
		f := work[0]
		work = work[1:]
		ps := params[f]
		kept := ps
		for _, site := range idx.Callers[f] {
			kept = passedRequests(idx.Info, fl, site, f.Sig, kept)
		}
		if len(kept) == len(ps) {
			continue
		}
		if len(kept) == 0 {
			delete(params, f)
		} else {
			params[f] = kept
		}
		for _, n := range tree[f.Outermost()] {
			fl.forget(n)
			for _, site := range n.Calls {
				if t := idx.Target(site); t != nil && params[t] != nil {
					work = append(work, t)
				}
			}
		}
	}
	return params
}

// passedRequests returns those of the parameters ps of sig to which the
// call site passes a request's context.
func passedRequests(info *types.Info, fl *flows, site *callgraph.Site, sig *types.Signature, ps []*types.Var) []*types.Var {
	state, ok := fl.of(site.Fn, false, false).Calls[site.Call]
	if !ok {
		return ps // never reached: it passes nothing
	}
	var kept []*types.Var
	params := sig.Params()
	for k := range params.Len() {
		i, ok := callgraph.ArgIndex(info, site.Call, k)
		if ok && i < 64 && state.RequestArgs&(1<<i) != 0 && slices.Contains(ps, params.At(k)) {
			kept = append(kept, params.At(k))
		}
	}
	return kept
}
