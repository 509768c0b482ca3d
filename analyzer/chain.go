package analyzer

import (
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"

	"golang.org/x/tools/go/analysis"
)

// maxChain bounds a chain: emitters found by the fixpoint never loop, but
// the bound costs nothing.
const maxChain = 32

// hop is one call on the way from an emitting call down to the sink:
// the sink itself, a call of a node of the package (local: an emitter, or
// an interface method, whose emitting call is the dispatch to the
// implementation that emits), or of an imported emitter (fact). next is
// the emitting call inside the local node, where the way goes on.
type hop struct {
	site  *callSite
	sink  bool
	local *funcNode
	fact  *emitterFact
	next  *callSite
}

// hops walks the way from site down to the sink, as far as the package
// knows it.
func (em *emitters) hops(site *callSite) []hop {
	var out []hop
	for range maxChain {
		l := hop{site: site}
		switch t := em.idx.target(site); {
		case em.isSinkCall(site):
			l.sink = true
		case t != nil:
			l.local, l.next = t, em.local[t]
		default:
			l.fact = em.importedEmitter(site)
		}
		out = append(out, l)
		if l.next == nil {
			return out
		}
		site = l.next
	}
	return out
}

// chain lists the steps from site down to the sink: the calls, and the
// dispatches of interface methods to the implementations that emit.
func (em *emitters) chain(site *callSite) []emitStep {
	var steps []emitStep
	for _, l := range em.hops(site) {
		if l.site.dispatch() {
			steps = append(steps, emitStep{Impl: l.site.impl})
		} else {
			steps = append(steps, emitStep{Callee: l.site.name(), At: shortPos(em.idx.fset, l.site.call.Pos())})
		}
		if l.fact != nil {
			steps = append(steps, l.fact.Steps...)
		}
	}
	return steps
}

// chainRelated explains an emitter call: each step down to the sink.
func (em *emitters) chainRelated(site *callSite) []analysis.RelatedInformation {
	var out []analysis.RelatedInformation
	var prev *callSite // the call before l's
	for _, l := range em.hops(site) {
		switch {
		case l.site.dispatch() && l.next == nil: // to a sink, or to an imported emitter
			var steps []emitStep
			if l.fact != nil {
				steps = l.fact.Steps
			}
			out = append(out, analysis.RelatedInformation{
				Pos:     em.declPos(l.site.callee),
				Message: fmt.Sprintf("%s runs %s, which %s", prev.name(), l.site.impl, callsText(steps)),
			})
		case l.site.dispatch():
			out = append(out, analysis.RelatedInformation{
				Pos:     l.next.call.Pos(),
				End:     l.next.call.End(),
				Message: fmt.Sprintf("%s emits here, without a usable context or cancellation check (%s runs it)", l.site.impl, prev.name()),
			})
		case l.fact != nil:
			callee := l.site.callee
			msg := fmt.Sprintf("%s emits: it %s", callee.Name(), callsText(l.fact.Steps))
			if steps := l.fact.Steps; len(steps) > 0 && steps[0].dispatch() {
				msg = fmt.Sprintf("%s emits: %s %s", methodText(callee), steps[0].Impl, callsText(steps[1:]))
			}
			out = append(out, analysis.RelatedInformation{Pos: em.declPos(callee), Message: msg})
		case l.local != nil && l.next != nil && !l.local.iface:
			out = append(out, analysis.RelatedInformation{
				Pos:     l.next.call.Pos(),
				End:     l.next.call.End(),
				Message: fmt.Sprintf("%s emits here, without a usable context or cancellation check", l.local.name()),
			})
		}
		prev = l.site
	}
	return out
}

// declPos is where related information points at the declaration of fn.
// For a function of another package that is the start of its line: go vet
// reads other packages from export data, which keeps a declaration's line
// but not its column, while the standalone command type-checks those that
// emit from source; every driver must print the same position.
func (em *emitters) declPos(fn *types.Func) token.Pos {
	pos := fn.Pos()
	f := em.idx.fset.File(pos)
	if fn.Pkg() == em.idx.pkg || f == nil {
		return pos
	}
	return f.LineStart(f.Line(pos))
}

// shortPos formats a position as "file.go:91", readable in every driver.
func shortPos(fset *token.FileSet, pos token.Pos) string {
	p := fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}
