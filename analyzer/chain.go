package analyzer

import (
	"fmt"
	"go/token"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// maxChain bounds a chain: emitters found by the fixpoint never loop, but
// the bound costs nothing.
const maxChain = 32

// link is one call on the way from an emitting call down to the sink:
// the sink itself, or a call of one of the package's emitters (local), of
// an emitter interface method (impl), or of an imported emitter (fact).
// next is the emitting call inside the local emitter or implementation,
// where the way goes on.
type link struct {
	site  *callSite
	sink  bool
	local *funcNode
	impl  *impl
	fact  *emitterFact
	next  *callSite
}

// links walks the way from site down to the sink, as far as the package
// knows it.
func (em *emitters) links(site *callSite) []link {
	var out []link
	for range maxChain {
		l := link{site: site}
		switch t := em.idx.target(site); {
		case em.isSinkCall(site):
			l.sink = true
		case t != nil:
			l.local, l.next = t, em.local[t]
		default:
			if im, ok := em.viaIface[site.callee]; ok {
				l.impl, l.next = &im, em.implSite(im)
			} else {
				l.fact = em.importedEmitter(site)
			}
		}
		out = append(out, l)
		if l.next == nil {
			return out
		}
		site = l.next
	}
	return out
}

// chain lists the calls from site down to the sink. A call through an
// emitter interface method names the implementation that emits, and goes
// on with its chain.
func (em *emitters) chain(site *callSite) []emitStep {
	var steps []emitStep
	for _, l := range em.links(site) {
		step := emitStep{Callee: l.site.name(), At: shortPos(em.idx.fset, l.site.call.Pos())}
		switch {
		case l.impl != nil:
			step.Impl = l.impl.name
			steps = append(steps, step)
			if l.next == nil {
				steps = append(steps, em.implChain(*l.impl)...)
			}
		case l.fact != nil:
			step.Impl = l.fact.Impl
			steps = append(append(steps, step), l.fact.Steps...)
		default:
			steps = append(steps, step)
		}
	}
	return steps
}

// chainRelated explains an emitter call: each step down to the sink.
func (em *emitters) chainRelated(site *callSite) []analysis.RelatedInformation {
	var out []analysis.RelatedInformation
	for _, l := range em.links(site) {
		switch {
		case l.impl != nil && l.next == nil:
			out = append(out, analysis.RelatedInformation{
				Pos:     l.impl.method.Pos(),
				Message: fmt.Sprintf("%s runs %s, which %s", l.site.name(), l.impl.name, callsText(em.implChain(*l.impl))),
			})
		case l.impl != nil:
			out = append(out, analysis.RelatedInformation{
				Pos:     l.next.call.Pos(),
				End:     l.next.call.End(),
				Message: fmt.Sprintf("%s emits here, without a usable context or cancellation check (%s runs it)", l.impl.name, l.site.name()),
			})
		case l.fact != nil:
			callee := l.site.callee
			msg := fmt.Sprintf("%s emits: it %s", callee.Name(), callsText(l.fact.Steps))
			if l.fact.Impl != "" {
				msg = fmt.Sprintf("%s emits: %s %s", methodText(callee), l.fact.Impl, callsText(l.fact.Steps))
			}
			out = append(out, analysis.RelatedInformation{Pos: callee.Pos(), Message: msg})
		case l.local != nil && l.next != nil:
			out = append(out, analysis.RelatedInformation{
				Pos:     l.next.call.Pos(),
				End:     l.next.call.End(),
				Message: fmt.Sprintf("%s emits here, without a usable context or cancellation check", l.local.name()),
			})
		}
	}
	return out
}

// callsText says what a chain of steps calls: "calls a at x.go:3, which
// calls b at y.go:9", or, for none, that it is a sink itself.
func callsText(steps []emitStep) string {
	if len(steps) == 0 {
		return "publishes the event"
	}
	var rest []string
	for _, s := range steps {
		rest = append(rest, s.Callee+" at "+s.At)
	}
	return "calls " + strings.Join(rest, ", which calls ")
}

// shortPos formats a position as "file.go:91", readable in every driver.
func shortPos(fset *token.FileSet, pos token.Pos) string {
	p := fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}
