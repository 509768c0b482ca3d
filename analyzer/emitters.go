package analyzer

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// sinkCalls tells which calls publish events whatever the package's own
// emitters are: sink calls, and calls of imported emitters (facts).
type sinkCalls struct {
	idx        *index
	sinks      *sinks
	ifaces     *implementations
	importFact func(types.Object, analysis.Fact) bool
	imported   map[*types.Func]*emitterFact
}

func newSinkCalls(pass *analysis.Pass, idx *index, sk *sinks, ifaces *implementations) *sinkCalls {
	return &sinkCalls{
		idx:        idx,
		sinks:      sk,
		ifaces:     ifaces,
		importFact: pass.ImportObjectFact,
		imported:   make(map[*types.Func]*emitterFact),
	}
}

// emitters tells which calls publish events: sink calls, calls of the
// package's emitters and emitter interface methods, and calls of imported
// emitters.
type emitters struct {
	*sinkCalls
	local    map[*funcNode]*callSite // an emitter -> the unguarded emitting call that makes it one
	viaIface map[*types.Func]impl    // an emitter interface method of the package -> the implementation that emits
}

// emits reports whether a call publishes an event.
func (em *emitters) emits(site *callSite) bool {
	if em.isSinkCall(site) {
		return true
	}
	if t := em.idx.target(site); t != nil {
		return em.local[t] != nil
	}
	if _, ok := em.viaIface[site.callee]; ok {
		return true
	}
	return em.importedEmitter(site) != nil
}

func (em *sinkCalls) isSinkCall(site *callSite) bool {
	return site.callee != nil && em.sinks.isSink(site.callee)
}

// importedEmitter returns the emitter fact of a function of another package.
func (em *sinkCalls) importedEmitter(site *callSite) *emitterFact {
	return em.importedFact(site.callee)
}

func (em *sinkCalls) importedFact(fn *types.Func) *emitterFact {
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == em.idx.pkg {
		return nil
	}
	if f, ok := em.imported[fn]; ok {
		return f
	}
	var fact *emitterFact
	if f := new(emitterFact); em.importFact(fn, f) {
		fact = f
	}
	em.imported[fn] = fact
	return fact
}

// mayEmit over-approximates the emitters, ignoring checks: the functions
// that call a sink, an imported emitter, or (transitively) one of them,
// also through an interface method one of whose implementations may emit.
// Only these functions need a dataflow.
func mayEmit(idx *index, em *sinkCalls) map[*funcNode]bool {
	out := make(map[*funcNode]bool)
	var work []*funcNode
	mark := func(f *funcNode) {
		if !out[f] {
			out[f] = true
			work = append(work, f)
		}
	}
	viaIface := make(map[*types.Func]bool)
	markIface := func(m *types.Func) {
		if !viaIface[m] {
			viaIface[m] = true
			for _, site := range em.ifaces.callers[m] {
				mark(site.fn)
			}
		}
	}
	for _, f := range idx.funcs {
		for _, site := range f.calls {
			if em.isSinkCall(site) || em.importedEmitter(site) != nil {
				mark(f)
				break
			}
		}
	}
	for _, m := range em.ifaces.methods {
		for _, im := range em.ifaces.impls[m] {
			if em.emitsOutright(im) {
				markIface(m)
			}
		}
	}
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		for _, site := range idx.callers[f] {
			if !em.isSinkCall(site) {
				mark(site.fn)
			}
		}
		if f.obj != nil {
			for _, m := range em.ifaces.of[f.obj] {
				markIface(m)
			}
		}
	}
	return out
}

// findEmitters computes the least fixpoint of the emitter rule: a function
// is an emitter when one of its calls is an emitterCall (judge.verdict).
// When a function becomes one, only its callers are looked at again.
// An interface method becomes an emitter method when one of its
// implementations does, and then only the calls through it are looked at
// again.
func findEmitters(j *judge, calls *sinkCalls) *emitters {
	em := &emitters{sinkCalls: calls, local: make(map[*funcNode]*callSite), viaIface: make(map[*types.Func]impl)}
	var work []*funcNode
	for _, f := range j.idx.funcs {
		if j.candidates[f] {
			work = append(work, f)
		}
	}
	for _, m := range calls.ifaces.methods {
		for _, im := range calls.ifaces.impls[m] {
			if em.emitsOutright(im) {
				em.viaIface[m] = im
				break
			}
		}
	}
	for len(work) > 0 {
		f := work[0]
		work = work[1:]
		if em.local[f] != nil {
			continue
		}
		for _, site := range f.calls {
			if j.verdict(em, site) == emitterCall {
				em.local[f] = site
				for _, caller := range j.idx.callers[f] {
					work = append(work, caller.fn)
				}
				if f.obj != nil && !j.entries.contextInHand(site) {
					work = em.implementationEmits(f, work)
				}
				break
			}
		}
	}
	return em
}

// exportEmitterFacts exports a fact for each declared emitter and each
// emitter interface method, with the chain down to the sink, for the
// packages that import this one.
func exportEmitterFacts(pass *analysis.Pass, em *emitters) {
	for _, f := range em.idx.funcs {
		if f.decl != nil && em.local[f] != nil {
			pass.ExportObjectFact(f.obj, &emitterFact{Steps: em.chain(em.local[f])})
		}
	}
	for _, m := range em.ifaces.methods {
		if im, ok := em.viaIface[m]; ok {
			pass.ExportObjectFact(m, &emitterFact{Impl: im.name, Steps: em.implChain(im)})
		}
	}
}
