package analyzer

// judge is what deciding an emitting call needs, shared by the stages
// after the dataflow: the model, the index, where functions start guarded,
// the functions that may emit, and reconcile code. It is built once and
// read-only.
type judge struct {
	m          *model
	idx        *index
	entries    entries
	candidates map[*funcNode]bool // the functions that may emit: only they have a dataflow
	reconcile  reconcileScope
}

// verdict is what a call site is to the rule.
type verdict uint8

const (
	notEmitting verdict = iota
	ignoredCall         // a //ctxnotify:ignore with a reason covers it
	guardedCall         // a fresh check guards it on every path
	findingCall         // unguarded, with a usable context in hand in reconcile code: reported here
	emitterCall         // unguarded, without one: its function is an emitter, and its callers are judged
)

// verdict decides a call site, given the emitters known so far: the one
// place the rule is decided, for the emitters' fixpoint and the report.
func (j *judge) verdict(em *emitters, site *callSite) verdict {
	switch {
	case !em.emits(site):
		return notEmitting
	case j.m.dirs.ignored(site):
		return ignoredCall
	case j.entries.guardedAt(site):
		return guardedCall
	case j.reconcile.contains(site.fn) && j.entries.contextInHand(site):
		return findingCall
	}
	return emitterCall
}
