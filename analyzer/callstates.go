package analyzer

import (
	"go/ast"

	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
)

// callStates tells what holds at a call site, from the dataflow of its
// function and whether that function starts guarded: a declaration or a
// literal held by a variable when it is guarded at its entry (guarded), a
// literal run where it is defined when that point is guarded. A dispatch
// of an interface method is never guarded, and has no context in hand.
type callStates struct {
	fl      *flows
	guarded map[*callgraph.Func]bool
}

func (e callStates) startsGuarded(f *callgraph.Func) bool {
	if f.Lit != nil && f.HeldBy == nil {
		if len(f.Invocations) != 1 {
			return false
		}
		return e.startsCalleeGuarded(f.Invocations[0])
	}
	return e.guarded[f]
}

// startsCalleeGuarded reports whether a call starts its callee guarded: the call
// is guarded, and runs the callee now (not deferred, not in a goroutine
// that may outlive the check).
func (e callStates) startsCalleeGuarded(site *callgraph.Site) bool {
	return !site.Spawned() && e.guardedAt(site)
}

// dead is what holds at a call that is never reached: it never runs, so
// it is guarded.
var dead = &guardflow.CallState{Ctx: 0}

// stateAt returns what holds at a call site; with witnesses, how the
// checks got there.
func (e callStates) stateAt(site *callgraph.Site, witnesses bool) *guardflow.CallState {
	return e.stateAtCall(site.Fn, site.Call, witnesses)
}

func (e callStates) stateAtCall(f *callgraph.Func, call *ast.CallExpr, witnesses bool) *guardflow.CallState {
	r := e.fl.of(f, e.startsGuarded(f), witnesses)
	if facts, ok := r.Calls[call]; ok {
		return facts
	}
	return dead
}

// guardedAt reports whether every path to the call passes a fresh check's
// "not cancelled" outcome. A deferred call runs after every check.
func (e callStates) guardedAt(site *callgraph.Site) bool {
	return !site.Dispatch() && !site.Deferred() && e.stateAt(site, false).Guarded()
}

// contextsInHand reports whether a usable context variable is in scope at
// the call, and whether one that holds a request's context is, as the
// flow analysis sees them there.
func (e callStates) contextsInHand(site *callgraph.Site) (usable, request bool) {
	if site.Dispatch() {
		return false, false
	}
	facts := e.stateAt(site, false)
	for k, v := range facts.Vars {
		if callgraph.VisibleAt(v, site.Call.Pos()) {
			usable = usable || facts.Use[k].InHand()
			request = request || facts.Use[k].RequestOnly()
		}
	}
	return usable, request
}
