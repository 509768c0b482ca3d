package analyzer

import (
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
)

// knownEmitters tells which calls publish events whatever the package's
// own emitters are: sink calls, and calls of the emitters of other
// packages (their facts).
type knownEmitters struct {
	idx        *callgraph.Graph
	sinks      *sinks
	importFact importFact
	imported   map[*types.Func]*emitterFact
}

// importFact is analysis.Pass.ImportObjectFact: what a stage reads of
// other packages.
type importFact func(types.Object, analysis.Fact) bool

func newKnownEmitters(idx *callgraph.Graph, sk *sinks, imp importFact) *knownEmitters {
	return &knownEmitters{idx: idx, sinks: sk, importFact: imp, imported: make(map[*types.Func]*emitterFact)}
}

func (k *knownEmitters) isSinkCall(site *callgraph.Site) bool {
	return site.Callee != nil && k.sinks.isSink(site.Callee)
}

// importedEmitter returns the emitter fact of the callee, a function or
// interface method of another package.
func (k *knownEmitters) importedEmitter(site *callgraph.Site) *emitterFact {
	fn := site.Callee
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == k.idx.Pkg {
		return nil
	}
	if f, ok := k.imported[fn]; ok {
		return f
	}
	var fact *emitterFact
	if f := new(emitterFact); k.importFact(fn, f) {
		fact = f
	}
	k.imported[fn] = fact
	return fact
}

// emitters tells which calls publish events: those known to, and calls of
// the package's emitters, interface methods among them.
type emitters struct {
	*knownEmitters
	local      map[*callgraph.Func]*callgraph.Site // an emitter -> the first unguarded emitting call, which makes it one
	eventTypes map[*callgraph.Func]eventType       // an emitter -> the type of its events
}

// emits reports whether a call publishes an event that may notify.
func (em *emitters) emits(site *callgraph.Site) bool {
	emits, _ := em.emission(site)
	return emits
}

// findEmitters computes the least fixpoint of the emitter rule: a node is
// an emitter when one of its calls is an emitterCall (judge.verdict); its
// events' type is a constant, or comes from its parameter j, when every
// such call's is that same one, else it is unknown. The work list holds
// call sites: what a call emits changes only when its callee's state does
// (none, then one constant or parameter, then unknown), so each call is
// looked at a bounded number of times.
// An emitter keeps, for its chain, the call that made it one: its callee
// was an emitter before it, so chains never loop.
func findEmitters(idx *callgraph.Graph, known *knownEmitters, candidates map[*callgraph.Func]bool, j *judge) *emitters {
	em := &emitters{knownEmitters: known, local: make(map[*callgraph.Func]*callgraph.Site), eventTypes: make(map[*callgraph.Func]eventType)}
	var work []*callgraph.Site
	for _, f := range idx.Funcs {
		if candidates[f] {
			work = append(work, f.Calls...)
		}
	}
	for len(work) > 0 {
		site := work[0]
		work = work[1:]
		f := site.Fn
		if em.local[f] != nil && em.eventTypes[f] == unknownType || j.verdict(em, site) != emitterCall {
			continue
		}
		_, t := em.emission(site)
		switch {
		case em.local[f] == nil:
			em.local[f], em.eventTypes[f] = site, t
		case em.eventTypes[f] != t:
			em.eventTypes[f] = unknownType
		default:
			continue
		}
		work = append(work, idx.Callers[f]...)
	}
	return em
}

// exportEmitterFacts exports a fact for each declared emitter and each
// emitter interface method, with the chain down to the sink, for the
// packages that import this one.
func exportEmitterFacts(export func(types.Object, analysis.Fact), em *emitters) {
	for _, f := range em.idx.Funcs {
		if f.Obj != nil && em.local[f] != nil {
			t := em.eventTypes[f]
			export(f.Obj, &emitterFact{Steps: em.chain(em.local[f]), TypeParam: t.param, Type: t.konst})
		}
	}
}
