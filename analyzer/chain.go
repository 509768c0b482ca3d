package analyzer

import (
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// maxChain bounds a chain: emitters found by the fixpoint never loop, but
// the bound costs nothing.
const maxChain = 32

// link is one call on the way from an emitting call down to the sink:
// the sink itself, a call of a node of the package (local: an emitter, or
// an interface method, whose emitting call is the dispatch to the
// implementation that emits), or of an imported emitter (fact). next is
// the emitting call inside the local node, where the way goes on.
type link struct {
	site  *callSite
	sink  bool
	local *funcNode
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
	for _, l := range em.links(site) {
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
	for _, l := range em.links(site) {
		switch {
		case l.site.dispatch() && l.next == nil: // to a sink, or to an imported emitter
			var steps []emitStep
			if l.fact != nil {
				steps = l.fact.Steps
			}
			out = append(out, analysis.RelatedInformation{
				Pos:     l.site.callee.Pos(),
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
			out = append(out, analysis.RelatedInformation{Pos: callee.Pos(), Message: msg})
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

// callSteps returns the steps that are calls, without the dispatches.
func callSteps(steps []emitStep) []emitStep {
	var out []emitStep
	for _, s := range steps {
		if !s.dispatch() {
			out = append(out, s)
		}
	}
	return out
}

// callsText says what a chain of steps calls: "calls a at x.go:3, which
// calls b at y.go:9", or, for none, that it is a sink itself.
func callsText(steps []emitStep) string {
	calls := callSteps(steps)
	if len(calls) == 0 {
		return "publishes the event"
	}
	var rest []string
	for _, s := range calls {
		rest = append(rest, s.Callee+" at "+s.At)
	}
	return "calls " + strings.Join(rest, ", which calls ")
}

// emitsText says what a call of a helper emits, and through which
// implementation for an interface method:
// "r.record.Event(…) emits an event (APIRecorder.Event calls r.kube.AnnotatedEventf at event.go:103)".
func emitsText(site *callSite, steps []emitStep) string {
	calls := callSteps(steps)
	sink := calls[len(calls)-1]
	if len(steps) > 1 && steps[1].dispatch() {
		verb := "calls"
		if len(calls) > 2 {
			verb = "reaches"
		}
		return fmt.Sprintf("%s emits an event (%s %s %s at %s)", callText(site.call), steps[1].Impl, verb, sink.Callee, sink.At)
	}
	return fmt.Sprintf("%s emits an event (%s at %s)", callText(site.call), sink.Callee, sink.At)
}

// methodText names a method by its receiver's type: "Recorder.Event".
func methodText(fn *types.Func) string {
	if recv := fn.Signature().Recv(); recv != nil {
		t := types.Unalias(recv.Type())
		if p, ok := t.(*types.Pointer); ok {
			t = types.Unalias(p.Elem())
		}
		if named, ok := t.(*types.Named); ok {
			return named.Obj().Name() + "." + fn.Name()
		}
	}
	return fn.Name()
}

// shortPos formats a position as "file.go:91", readable in every driver.
func shortPos(fset *token.FileSet, pos token.Pos) string {
	p := fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}
