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

// chain lists the calls from site down to the sink.
func (em *emitters) chain(site *callSite) []emitStep {
	var steps []emitStep
	for range maxChain {
		steps = append(steps, emitStep{Callee: site.name(), At: shortPos(em.idx.pass.Fset, site.call.Pos())})
		if em.isSinkCall(site) {
			return steps
		}
		t := em.idx.target(site)
		if t == nil {
			if fact := em.importedEmitter(site); fact != nil {
				steps = append(steps, fact.Steps...)
			}
			return steps
		}
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
			if fact := em.importedEmitter(step); fact != nil {
				var rest []string
				for _, s := range fact.Steps {
					rest = append(rest, s.Callee+" at "+s.At)
				}
				out = append(out, analysis.RelatedInformation{
					Pos:     step.callee.Pos(),
					Message: fmt.Sprintf("%s emits: it calls %s", step.callee.Name(), strings.Join(rest, ", which calls ")),
				})
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

// shortPos formats a position as "file.go:91", readable in every driver.
func shortPos(fset *token.FileSet, pos token.Pos) string {
	p := fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}
