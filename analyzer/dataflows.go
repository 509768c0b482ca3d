package analyzer

import (
	"go/ast"
	"go/types"

	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
)

// flows computes the dataflow of a function on first use and keeps it:
// the result depends only on the function, its parameters that hold a
// request's context, whether its entry is guarded, and whether
// explanations are wanted (which reuse the must-analysis). While
// findRequestParams decides the parameters, it forgets the dataflows of
// the functions whose parameters it changes.
type flows struct {
	env           *guardflow.Env
	analyses      map[flowKey]*guardflow.Analysis
	results       map[resultKey]*guardflow.Result
	requestParams map[*funcNode][]*types.Var
}

type flowKey struct {
	f            *funcNode
	entryGuarded bool
}

type resultKey struct {
	flowKey
	witnesses bool
}

func newFlows(env *guardflow.Env) *flows {
	return &flows{env: env, analyses: make(map[flowKey]*guardflow.Analysis), results: make(map[resultKey]*guardflow.Result)}
}

func (fl *flows) of(f *funcNode, entryGuarded, witnesses bool) *guardflow.Result {
	key := resultKey{flowKey{f, entryGuarded}, witnesses}
	if r, ok := fl.results[key]; ok {
		return r
	}
	fa, ok := fl.analyses[key.flowKey]
	if !ok {
		opts := guardflow.Options{EntryGuarded: entryGuarded, RequestParams: fl.requestParams[f]}
		if f.parent != nil {
			// What the literal sees of its enclosing function's contexts
			// does not depend on that function's entry.
			opts.Captured = fl.of(f.parent, false, false).Literals[f.lit]
		}
		fa = guardflow.NewAnalysis(fl.env, f.flowFunc(), opts)
		fl.analyses[key.flowKey] = fa
	}
	r := fa.Result(witnesses)
	fl.results[key] = r
	return r
}

// forget drops what was computed of f.
func (fl *flows) forget(f *funcNode) {
	for _, g := range []bool{false, true} {
		delete(fl.analyses, flowKey{f, g})
		for _, w := range []bool{false, true} {
			delete(fl.results, resultKey{flowKey{f, g}, w})
		}
	}
}

// siteFacts tells what holds at a call site, from the dataflow of its
// function and whether that function starts guarded: a declaration or a
// literal held by a variable when it is guarded at its entry (guarded), a
// literal run where it is defined when that point is guarded. A dispatch
// of an interface method is never guarded, and has no context in hand.
type siteFacts struct {
	fl      *flows
	guarded map[*funcNode]bool
}

func (e siteFacts) startsGuarded(f *funcNode) bool {
	if f.lit != nil && f.heldBy == nil {
		if len(f.invocations) != 1 {
			return false
		}
		return e.startsCalleeGuarded(f.invocations[0])
	}
	return e.guarded[f]
}

// startsCalleeGuarded reports whether a call starts its callee guarded: the call
// is guarded, and runs the callee now (not deferred, not in a goroutine
// that may outlive the check).
func (e siteFacts) startsCalleeGuarded(site *callSite) bool {
	return !site.spawned() && e.guardedAt(site)
}

// dead is what holds at a call that is never reached: it never runs, so
// it is guarded.
var dead = &guardflow.CallFacts{Ctx: 0}

// factsAt returns what holds at a call site; with witnesses, how the
// checks got there.
func (e siteFacts) factsAt(site *callSite, witnesses bool) *guardflow.CallFacts {
	return e.factsAtCall(site.fn, site.call, witnesses)
}

func (e siteFacts) factsAtCall(f *funcNode, call *ast.CallExpr, witnesses bool) *guardflow.CallFacts {
	r := e.fl.of(f, e.startsGuarded(f), witnesses)
	if facts, ok := r.Calls[call]; ok {
		return facts
	}
	return dead
}

// guardedAt reports whether every path to the call passes a fresh check's
// "not cancelled" outcome. A deferred call runs after every check.
func (e siteFacts) guardedAt(site *callSite) bool {
	return !site.dispatch() && !site.deferred() && e.factsAt(site, false).Guarded()
}

// contextsInHand reports whether a usable context variable is in scope at
// the call, and whether one that holds a request's context is, as the
// flow analysis sees them there.
func (e siteFacts) contextsInHand(site *callSite) (usable, request bool) {
	if site.dispatch() {
		return false, false
	}
	facts := e.factsAt(site, false)
	for k, v := range facts.Vars {
		if visibleAt(v, site.call.Pos()) {
			usable = usable || facts.Use[k].InHand()
			request = request || facts.Use[k].RequestOnly()
		}
	}
	return usable, request
}
