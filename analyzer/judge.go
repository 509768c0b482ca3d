package analyzer

import "github.com/ctxnotify/ctxnotify-lint/internal/callgraph"

// judge is what deciding an emitting call needs: the ignore directives,
// what holds at each call site, and reconcile code. It is built once and
// read-only.
type judge struct {
	dirs      directives
	states    callStates
	reconcile reconcileScope
}

// verdict is what a call site is to the rule.
type verdict uint8

const (
	notEmitting verdict = iota
	ignoredCall         // a //ctxnotify:ignore with a reason covers it
	guardedCall         // a fresh check guards it on every path
	findingCall         // unguarded, with a usable context in hand in reconcile code: reported here
	requestCall         // unguarded, with only a request's context in hand: outside the rule
	emitterCall         // unguarded, without one: its function is an emitter, and its callers are judged
)

// verdict decides a call site, given the emitters known so far: the one
// place the rule is decided, for the emitters' fixpoint and the report.
// The dispatch of an interface method to an implementation that emits
// makes the method an emitter method; an implementation that is judged
// itself (a context in hand, in reconcile code) is no emitter, so its
// dispatch emits nothing.
func (j *judge) verdict(em *emitters, site *callgraph.Site) verdict {
	switch {
	case !em.emits(site):
		return notEmitting
	case j.dirs.ignored(site):
		return ignoredCall
	case j.states.guardedAt(site):
		return guardedCall
	}
	switch usable, request := j.states.contextsInHand(site); {
	case usable && j.reconcile.analysed(site.Fn):
		return findingCall
	case !usable && request:
		return requestCall
	}
	return emitterCall
}
