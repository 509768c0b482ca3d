package analyzer

// guardedFuncs finds the guarded functions of the documentation's
// "Emitters and guarded functions": an unexported function never used as a
// value, or a literal held by a variable that is only ever called, with at
// least one call site in non-test files, all of them guarded, starts its
// body guarded. Greatest fixpoint: every candidate starts guarded (so
// guarded recursion stays guarded) and loses it when a call site is not;
// then only the candidates called from inside it are looked at again.
// A method that implements an interface of the package may be called
// through it: like a function used as a value, it is no candidate.
func guardedFuncs(idx *index, ifaces *implementations, fl *flows, mayEmit map[*funcNode]bool) map[*funcNode]bool {
	guarded := make(map[*funcNode]bool)
	var work []*funcNode
	dependents := make(map[*funcNode][]*funcNode) // declaration -> candidates called inside it
	for _, f := range idx.funcs {
		if !mayEmit[f] || !mayStartGuarded(idx, f) || f.obj != nil && len(ifaces.of[f.obj]) > 0 {
			continue
		}
		guarded[f] = true
		work = append(work, f)
		for _, site := range idx.callers[f] {
			d := site.fn.outermost()
			dependents[d] = append(dependents[d], f)
		}
	}
	e := entries{fl: fl, guarded: guarded}
	for len(work) > 0 {
		f := work[0]
		work = work[1:]
		if !guarded[f] {
			continue
		}
		for _, site := range idx.callers[f] {
			if !e.startsCalleeGuarded(site) {
				delete(guarded, f)
				work = append(work, dependents[f.outermost()]...)
				break
			}
		}
	}
	return guarded
}

func mayStartGuarded(idx *index, f *funcNode) bool {
	if len(idx.callers[f]) == 0 {
		return false
	}
	if f.lit != nil {
		return f.heldBy != nil && f.heldBy.calledOnly
	}
	return !f.obj.Exported() && !f.valueUse
}
