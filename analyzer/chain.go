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

// chain lists the calls from site down to the sink. A call through an
// emitter interface method names the implementation that emits, and goes
// on with its chain.
func (em *emitters) chain(site *callSite) []emitStep {
	var steps []emitStep
	for range maxChain {
		step := emitStep{Callee: site.name(), At: shortPos(em.idx.fset, site.call.Pos())}
		if em.isSinkCall(site) {
			return append(steps, step)
		}
		t := em.idx.target(site)
		if t == nil {
			if im, ok := em.viaIface[site.callee]; ok {
				step.Impl = im.name
				steps = append(steps, step)
				next := em.implSite(im)
				if next == nil {
					return append(steps, em.implChain(im)...)
				}
				site = next
				continue
			}
			if fact := em.importedEmitter(site); fact != nil {
				step.Impl = fact.Impl
				return append(append(steps, step), fact.Steps...)
			}
			return append(steps, step)
		}
		steps = append(steps, step)
		if em.local[t] == nil {
			return steps
		}
		site = em.local[t]
	}
	return steps
}

// chainRelated explains an emitter call: each step down to the sink.
func (em *emitters) chainRelated(site *callSite) []analysis.RelatedInformation {
	var out []analysis.RelatedInformation
	for step := site; len(out) < maxChain; {
		if em.isSinkCall(step) {
			return out
		}
		t := em.idx.target(step)
		if t == nil {
			if im, ok := em.viaIface[step.callee]; ok {
				next := em.implSite(im)
				if next == nil {
					return append(out, analysis.RelatedInformation{
						Pos:     im.method.Pos(),
						Message: fmt.Sprintf("%s runs %s, which %s", step.name(), im.name, callsText(em.implChain(im))),
					})
				}
				out = append(out, analysis.RelatedInformation{
					Pos:     next.call.Pos(),
					End:     next.call.End(),
					Message: fmt.Sprintf("%s emits here, without a usable context or cancellation check (%s runs it)", im.name, step.name()),
				})
				step = next
				continue
			}
			if fact := em.importedEmitter(step); fact != nil {
				msg := fmt.Sprintf("%s emits: it %s", step.callee.Name(), callsText(fact.Steps))
				if fact.Impl != "" {
					msg = fmt.Sprintf("%s emits: %s %s", methodText(step.callee), fact.Impl, callsText(fact.Steps))
				}
				out = append(out, analysis.RelatedInformation{Pos: step.callee.Pos(), Message: msg})
			}
			return out
		}
		next := em.local[t]
		if next == nil {
			return out
		}
		out = append(out, analysis.RelatedInformation{
			Pos:     next.call.Pos(),
			End:     next.call.End(),
			Message: fmt.Sprintf("%s emits here, without a usable context or cancellation check", t.name()),
		})
		step = next
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
