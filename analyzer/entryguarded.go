package analyzer

import "github.com/ctxnotify/ctxnotify-lint/internal/callgraph"

// entryGuarded finds the functions guarded at their entry (the
// documentation's "Emitters and guarded functions"): an unexported function
// never used as a value, or a literal held by a variable that is only ever
// called, with at least one call site in non-test files, all of them
// guarded, starts its body guarded. Greatest fixpoint: every candidate
// starts guarded (so guarded recursion stays guarded) and loses it when a
// call site is not; then only the candidates called from inside it are
// looked at again. A method that implements an interface of the package
// has a dispatch among its call sites, which no check guards: like a
// function used as a value, it never starts guarded.
func entryGuarded(idx *callgraph.Graph, fl *flows, mayEmit map[*callgraph.Func]bool) map[*callgraph.Func]bool {
	guarded := make(map[*callgraph.Func]bool)
	var work []*callgraph.Func
	dependents := make(map[*callgraph.Func][]*callgraph.Func) // outermost node -> candidates called inside it
	for _, f := range idx.Funcs {
		if !mayEmit[f] || !idx.CallersKnown(f) {
			continue
		}
		guarded[f] = true
		work = append(work, f)
		for _, site := range idx.Callers[f] {
			d := site.Fn.Outermost()
			dependents[d] = append(dependents[d], f)
		}
	}
	states := callStates{fl: fl, guarded: guarded}
	for len(work) > 0 {
		f := work[0]
		work = work[1:]
		if !guarded[f] {
			continue
		}
		for _, site := range idx.Callers[f] {
			if !states.startsCalleeGuarded(site) {
				delete(guarded, f)
				work = append(work, dependents[f.Outermost()]...)
				break
			}
		}
	}
	return guarded
}
