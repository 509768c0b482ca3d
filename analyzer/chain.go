package analyzer

import (
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
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
	site  *callgraph.Site
	sink  bool
	local *callgraph.Func
	fact  *emitterFact
	next  *callgraph.Site
}

// hops walks the way from site down to the sink, as far as the package
// knows it.
func (em *emitters) hops(site *callgraph.Site) []hop {
	var out []hop
	for range maxChain {
		l := hop{site: site}
		switch t := em.idx.Target(site); {
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
func (em *emitters) chain(site *callgraph.Site) []emitStep {
	var steps []emitStep
	for _, l := range em.hops(site) {
		if l.site.Dispatch() {
			steps = append(steps, emitStep{Impl: l.site.Impl})
		} else {
			steps = append(steps, emitStep{Callee: l.site.Name(), At: shortPos(em.idx.Fset, l.site.Call.Pos())})
		}
		if l.fact != nil {
			steps = append(steps, l.fact.Steps...)
		}
	}
	return steps
}

// chainRelated explains an emitter call: each step down to the sink.
func (em *emitters) chainRelated(site *callgraph.Site) []analysis.RelatedInformation {
	var out []analysis.RelatedInformation
	var prev *callgraph.Site // the call before l's
	for _, l := range em.hops(site) {
		switch {
		case l.site.Dispatch() && l.next == nil: // to a sink, or to an imported emitter
			var steps []emitStep
			if l.fact != nil {
				steps = l.fact.Steps
			}
			out = append(out, analysis.RelatedInformation{
				Pos:     em.declPos(l.site.Callee),
				Message: fmt.Sprintf("%s runs %s, which %s", prev.Name(), l.site.Impl, callsText(steps)),
			})
		case l.site.Dispatch():
			out = append(out, analysis.RelatedInformation{
				Pos:     l.next.Call.Pos(),
				End:     l.next.Call.End(),
				Message: fmt.Sprintf("%s emits here, without a usable context or cancellation check (%s runs it)", l.site.Impl, prev.Name()),
			})
		case l.fact != nil:
			callee := l.site.Callee
			msg := fmt.Sprintf("%s emits: it %s", callee.Name(), callsText(l.fact.Steps))
			if steps := l.fact.Steps; len(steps) > 0 && steps[0].dispatch() {
				msg = fmt.Sprintf("%s emits: %s %s", methodText(callee), steps[0].Impl, callsText(steps[1:]))
			}
			out = append(out, analysis.RelatedInformation{Pos: em.declPos(callee), Message: msg})
		case l.local != nil && l.next != nil && !l.local.Iface:
			out = append(out, analysis.RelatedInformation{
				Pos:     l.next.Call.Pos(),
				End:     l.next.Call.End(),
				Message: fmt.Sprintf("%s emits here, without a usable context or cancellation check", l.local.Name()),
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
	f := em.idx.Fset.File(pos)
	if fn.Pkg() == em.idx.Pkg || f == nil {
		return pos
	}
	return f.LineStart(f.Line(pos))
}

// shortPos formats a position as "file.go:91", readable in every driver.
func shortPos(fset *token.FileSet, pos token.Pos) string {
	p := fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}
