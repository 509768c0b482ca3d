package analyzer

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// emitters tells which calls publish events: sink calls, calls of the
// package's emitters, and calls of imported emitters (facts).
type emitters struct {
	idx      *index
	sinks    *sinks
	local    map[*funcNode]*callSite // an emitter -> the unguarded emitting call that makes it one
	imported map[*types.Func]*emitterFact
}

func newEmitters(idx *index, k *sinks) *emitters {
	return &emitters{idx: idx, sinks: k, local: make(map[*funcNode]*callSite), imported: make(map[*types.Func]*emitterFact)}
}

// emits reports whether a call publishes an event.
func (em *emitters) emits(site *callSite) bool {
	if em.isSinkCall(site) {
		return true
	}
	if t := em.idx.target(site); t != nil {
		return em.local[t] != nil
	}
	return em.importedEmitter(site) != nil
}

func (em *emitters) isSinkCall(site *callSite) bool {
	return site.callee != nil && em.sinks.isSink(site.callee)
}

// importedEmitter returns the emitter fact of a function of another package.
func (em *emitters) importedEmitter(site *callSite) *emitterFact {
	fn := site.callee
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
// that call a sink, an imported emitter, or (transitively) one of them.
// Only these functions need a dataflow.
func mayEmit(idx *index, em *emitters) map[*funcNode]bool {
	out := make(map[*funcNode]bool)
	var work []*funcNode
	for _, f := range idx.funcs {
		for _, site := range f.calls {
			if !out[f] && (em.isSinkCall(site) || em.importedEmitter(site) != nil) {
				out[f] = true
				work = append(work, f)
			}
		}
	}
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		for _, site := range idx.callers[f] {
			if !out[site.fn] && !em.isSinkCall(site) {
				out[site.fn] = true
				work = append(work, site.fn)
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
func findEmitters(idx *index, k *sinks, e entries, candidates map[*funcNode]bool, inScope func(*funcNode) bool, dirs directives) *emitters {
	em := newEmitters(idx, k)
	var work []*funcNode
	for _, f := range idx.funcs {
		if candidates[f] {
			work = append(work, f)
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
				break
			}
		}
	}
	return em
}

// exportEmitterFacts exports a fact for each declared emitter, with the
// chain down to the sink, for the packages that import this one.
func exportEmitterFacts(pass *analysis.Pass, idx *index, em *emitters) {
	for _, f := range idx.funcs {
		if f.decl != nil && em.local[f] != nil {
			pass.ExportObjectFact(f.obj, &emitterFact{Steps: em.chain(em.local[f])})
		}
	}
}
