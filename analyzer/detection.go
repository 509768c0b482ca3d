package analyzer

import (
	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
	"github.com/ctxnotify/ctxnotify-lint/internal/fixplan"
	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
)

// detected answers what planning a fix asks of detection (Detection)
// from the judge's verdicts and the emitters.
type detected struct {
	em *emitters
	j  *judge
}

func (d detected) Kind(site *callgraph.Site) fixplan.CallKind {
	switch d.j.verdict(d.em, site) {
	case guardedCall:
		return fixplan.KindGuarded
	case findingCall:
		return fixplan.KindFinding
	case emitterCall:
		return fixplan.KindEmitter
	}
	return fixplan.KindOther
}

func (d detected) Emitter(f *callgraph.Func) bool       { return d.em.local[f] != nil }
func (d detected) IsSinkCall(site *callgraph.Site) bool { return d.em.isSinkCall(site) }
func (d detected) TraceCall(site *callgraph.Site) bool  { return d.em.traceCall(site) }

func (d detected) State(site *callgraph.Site) *guardflow.CallState {
	return d.j.states.stateAt(site, false)
}
