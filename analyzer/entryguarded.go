package analyzer

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
func entryGuarded(idx *index, fl *flows, mayEmit map[*funcNode]bool) map[*funcNode]bool {
	guarded := make(map[*funcNode]bool)
	var work []*funcNode
	dependents := make(map[*funcNode][]*funcNode) // outermost node -> candidates called inside it
	for _, f := range idx.funcs {
		if !mayEmit[f] || !callersKnown(idx, f) {
			continue
		}
		guarded[f] = true
		work = append(work, f)
		for _, site := range idx.callers[f] {
			d := site.fn.outermost()
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
		for _, site := range idx.callers[f] {
			if !states.startsCalleeGuarded(site) {
				delete(guarded, f)
				work = append(work, dependents[f.outermost()]...)
				break
			}
		}
	}
	return guarded
}

// callersKnown reports whether f's static call sites in the package's
// non-test files are all its calls, and there is one: f is unexported
// (or a literal held by a local that is only ever called), never used as
// a value, and implements no interface of the package (a dispatch to it is
// no static call). What the fix at the helper's depth changes, where
// functions start guarded and which parameters hold a request's context
// rest on it.
func callersKnown(idx *index, f *funcNode) bool {
	if len(idx.callers[f]) == 0 || f.iface {
		return false
	}
	for _, site := range idx.callers[f] {
		if site.dispatch() {
			return false
		}
	}
	if f.lit != nil {
		return f.heldBy != nil && f.heldBy.calledOnly
	}
	return !f.obj.Exported() && !f.valueUse
}
