package analyzer

import "github.com/ctxnotify/ctxnotify-lint/internal/callgraph"

// mayEmit over-approximates the emitters, ignoring checks: the nodes that
// call a sink or an imported emitter, and, backwards over the call graph,
// those that call them. Only these need a dataflow.
// The driver's syntacticEmitters, by name over syntax, only picks the dependencies to analyse.
func mayEmit(idx *callgraph.Graph, known *knownEmitters) map[*callgraph.Func]bool {
	out := make(map[*callgraph.Func]bool)
	var work []*callgraph.Func
	mark := func(f *callgraph.Func) {
		if !out[f] {
			out[f] = true
			work = append(work, f)
		}
	}
	for _, f := range idx.Funcs {
		for _, site := range f.Calls {
			if known.isSinkCall(site) || known.importedEmitter(site) != nil {
				mark(f)
				break
			}
		}
	}
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		for _, site := range idx.Callers[f] {
			if !known.isSinkCall(site) {
				mark(site.Fn)
			}
		}
	}
	return out
}
