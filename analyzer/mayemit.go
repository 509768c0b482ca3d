package analyzer

// mayEmit over-approximates the emitters, ignoring checks: the nodes that
// call a sink or an imported emitter, and, backwards over the call graph,
// those that call them. Only these need a dataflow.
// The driver's syntacticEmitters, by name over syntax, only picks the dependencies to analyse.
func mayEmit(idx *index, known *knownEmitters) map[*funcNode]bool {
	out := make(map[*funcNode]bool)
	var work []*funcNode
	mark := func(f *funcNode) {
		if !out[f] {
			out[f] = true
			work = append(work, f)
		}
	}
	for _, f := range idx.funcs {
		for _, site := range f.calls {
			if known.isSinkCall(site) || known.importedEmitter(site) != nil {
				mark(f)
				break
			}
		}
	}
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		for _, site := range idx.callers[f] {
			if !known.isSinkCall(site) {
				mark(site.fn)
			}
		}
	}
	return out
}
