package analyzer

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// emitters tells which calls publish events: sink calls, calls of the
// package's emitters and emitter interface methods, and calls of imported
// emitters (facts).
type emitters struct {
	idx      *index
	sinks    *sinks
	ifaces   *implementations
	local    map[*funcNode]*callSite // an emitter -> the unguarded emitting call that makes it one
	viaIface map[*types.Func]impl    // an emitter interface method of the package -> the implementation that emits
	imported map[*types.Func]*emitterFact
}

func newEmitters(idx *index, k *sinks, ifaces *implementations) *emitters {
	return &emitters{
		idx:      idx,
		sinks:    k,
		ifaces:   ifaces,
		local:    make(map[*funcNode]*callSite),
		viaIface: make(map[*types.Func]impl),
		imported: make(map[*types.Func]*emitterFact),
	}
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

func (em *emitters) isSinkCall(site *callSite) bool {
	return site.callee != nil && em.sinks.isSink(site.callee)
}

// importedEmitter returns the emitter fact of a function of another package.
func (em *emitters) importedEmitter(site *callSite) *emitterFact {
	return em.importedFact(site.callee)
}

func (em *emitters) importedFact(fn *types.Func) *emitterFact {
	pass := em.idx.pass
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == pass.Pkg {
		return nil
	}
	if f, ok := em.imported[fn]; ok {
		return f
	}
	var fact *emitterFact
	if f := new(emitterFact); pass.ImportObjectFact(fn, f) {
		fact = f
	}
	em.imported[fn] = fact
	return fact
}

// mayEmit over-approximates the emitters, ignoring checks: the functions
// that call a sink, an imported emitter, or (transitively) one of them,
// also through an interface method one of whose implementations may emit.
// Only these functions need a dataflow.
func mayEmit(idx *index, em *emitters) map[*funcNode]bool {
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
// is an emitter when it makes an emitting call, not ignored and not
// guarded, with no usable context in hand there (or outside reconcile code
// under scope reconcile). When a function becomes one, only its callers
// are looked at again.
// An interface method becomes an emitter method when one of its
// implementations does, and then only the calls through it are looked at
// again.
func findEmitters(idx *index, k *sinks, ifaces *implementations, e entries, candidates map[*funcNode]bool, inScope func(*funcNode) bool, dirs directives) *emitters {
	em := newEmitters(idx, k, ifaces)
	var work []*funcNode
	for _, f := range idx.funcs {
		if candidates[f] {
			work = append(work, f)
		}
	}
	for _, m := range ifaces.methods {
		for _, im := range ifaces.impls[m] {
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
			if em.emits(site) && !dirs.ignored(site) && !e.guardedAt(site) &&
				(!inScope(f) || !e.contextInHand(site)) {
				em.local[f] = site
				for _, caller := range idx.callers[f] {
					work = append(work, caller.fn)
				}
				if f.obj != nil && !e.contextInHand(site) {
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
func exportEmitterFacts(pass *analysis.Pass, idx *index, em *emitters) {
	for _, f := range idx.funcs {
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
