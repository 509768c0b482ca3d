package fixplan

import (
	"go/ast"
	"slices"

	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"

	"github.com/ctxnotify/ctxnotify-lint/internal/refactor"
)

// The fix at the helper's depth. Half of Flux's findings are calls of a
// few helpers without a context (r.event, r.failure, r.markTerminal), and
// a maintainer writes one check inside such a helper rather than one per
// call, which would also skip the helper's other work. A group of
// emitter helpers that call one another is fixed together: each gets a
// context parameter, checks it right before each of its events, and every
// call passes a context.

// HelperGroup is a set of helpers fixed together at their depth.
type HelperGroup struct {
	helpers []*callgraph.Func          // in source order
	param   map[*callgraph.Func]string // the name of each helper's new context parameter
	skips   []*callgraph.Site          // the emitting calls inside the helpers and their literals: skipped by the check
	passes  []*callgraph.Site          // calls between helpers of the group: they pass the parameter on
	Callers []contextUse               // the other call sites in non-test files, with the context each passes
	tests   []testCall                 // the call sites in test files
	// unfixable: a test file uses a helper other than by calling it, or
	// calls it from generated code; or no name is free for a helper's new
	// parameter.
	unfixable bool
}

// testCall is a call of a helper in a test file: it passes the context
// parameter of the test function around it (ctx), or context.Background(),
// so that the test keeps its behaviour.
type testCall struct {
	call *ast.CallExpr
	file *ast.File
	ctx  string // "" for context.Background()
}

// FindHelperGroups returns, for each helper fixed at its depth, its group.
// A helper qualifies when it is an emitter declared in the package,
// unexported, without a context parameter or a usable context of its own
// (a literal in it with one is judged on its own), never used as a value
// and implementing no interface, declared in a file that is not generated;
// when every emitting call in it (and in the literals it defines) is a
// call of another helper of the group, or a statement that the check can
// wrap outside any goroutine; and when every static call site of it in
// non-test files is outside goroutines, not a method expression, not in a
// generated file, not where a check holds if the helper returns an error
// and the call's value is not returned, and in a function with a usable
// context that the call-site fix can name, or in another helper that
// qualifies. Helpers that fail are fixed at their call sites.
func FindHelperGroups(idx *callgraph.Graph, det Detection, ch *Chooser, m *callgraph.Model) map[*callgraph.Func]*HelperGroup {
	hr := &helperRules{idx: idx, Detection: det, scopes: ch.scopes, Chooser: ch, m: m, ctx: make(map[*callgraph.Site]Context), bodies: make(map[*callgraph.Func][]*callgraph.Func)}
	cand := make(map[*callgraph.Func]bool)
	for _, f := range idx.Funcs {
		if hr.mayQualify(f) {
			cand[f] = true
		}
	}
	for _, f := range idx.Funcs {
		if f.Lit != nil && cand[f.Outermost()] {
			hr.bodies[f.Outermost()] = append(hr.bodies[f.Outermost()], f)
		}
	}
	// Greatest fixpoint: a helper that fails makes the helpers it calls
	// lose a call site in a helper, and those that call it gain a call of
	// an emitter outside the group; only those are looked at again.
	work := slices.Collect(func(yield func(*callgraph.Func) bool) {
		for _, f := range idx.Funcs {
			if cand[f] && !yield(f) {
				return
			}
		}
	})
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		if !cand[f] || hr.bodyQualifies(f, cand) && hr.callersQualify(f, cand) {
			continue
		}
		delete(cand, f)
		for _, g := range hr.nodesOf(f) {
			for _, site := range g.Calls {
				if t := idx.Target(site); t != nil && cand[t] {
					work = append(work, t)
				}
			}
		}
		for _, site := range idx.Callers[f] {
			if o := site.Fn.Outermost(); cand[o] {
				work = append(work, o)
			}
		}
	}
	return hr.groups(cand)
}

// helperRules decides which helpers qualify for the fix at their depth,
// and groups them: what that reads.
type helperRules struct {
	idx       *callgraph.Graph
	Detection Detection
	scopes    *refactor.Scopes
	Chooser   *Chooser
	m         *callgraph.Model
	ctx       map[*callgraph.Site]Context           // the context a call site passes
	bodies    map[*callgraph.Func][]*callgraph.Func // a candidate -> the literals defined in it
}

// mayQualify tests what a helper must be whatever the others are.
func (hr *helperRules) mayQualify(f *callgraph.Func) bool {
	return f.Decl != nil && hr.idx.CallersKnown(f) && hr.Detection.Emitter(f) && len(callgraph.ContextParams(f.Sig)) == 0 && !hr.m.Generated[f.File]
}

// nodesOf returns a candidate and the literals defined in it.
func (hr *helperRules) nodesOf(f *callgraph.Func) []*callgraph.Func {
	return append([]*callgraph.Func{f}, hr.bodies[f]...)
}

// bodyQualifies: every emitting call inside f is a call of a literal
// defined in f, of a candidate, or a statement the check can wrap.
func (hr *helperRules) bodyQualifies(f *callgraph.Func, cand map[*callgraph.Func]bool) bool {
	for _, g := range hr.nodesOf(f) {
		for _, site := range g.Calls {
			switch hr.Detection.Kind(site) {
			case KindFinding:
				if g == f {
					return false // a usable context of its own
				}
			case KindEmitter:
				t := hr.idx.Target(site)
				switch {
				case t.LiteralOf(f):
				case t != nil && cand[t]:
				case !hr.Chooser.skippable(site) || g != f && hr.Chooser.LiteralUse(g).Later():
					return false // the check on the helper's new parameter must run before it returns
				}
			}
		}
	}
	return true
}

// callersQualify: every call site of f can pass a context. Handed one, a
// call of a helper that returns an error becomes context-consuming: where
// a check holds at it and the call is no return value, the check would go
// stale there and the events after it become findings.
func (hr *helperRules) callersQualify(f *callgraph.Func, cand map[*callgraph.Func]bool) bool {
	consumes := guardflow.ReturnsError(f.Sig)
	for _, site := range hr.idx.Callers[f] {
		if hr.Chooser.InGoroutine(site) || callgraph.IsMethodExpr(hr.idx.Info, site.Call) || hr.m.Generated[site.Fn.File] {
			return false
		}
		if consumes && !site.Result && hr.Detection.State(site).CheckHeld {
			return false
		}
		if c := hr.contextOf(site); !cand[site.Fn.Outermost()] && (c.Var == nil || c.Later != nil) {
			return false
		}
	}
	return true
}

// contextOf returns the context a call site would pass: the one the
// call-site fix would check there.
func (hr *helperRules) contextOf(site *callgraph.Site) Context {
	if c, ok := hr.ctx[site]; ok {
		return c
	}
	c := hr.Chooser.Choose(site, hr.Detection.State(site))
	hr.ctx[site] = c
	return c
}

// UniqueGroups returns each group once, in the order of its first helper.
func UniqueGroups(idx *callgraph.Graph, groups map[*callgraph.Func]*HelperGroup) []*HelperGroup {
	var out []*HelperGroup
	seen := make(map[*HelperGroup]bool)
	for _, f := range idx.Funcs {
		if g := groups[f]; g != nil && !seen[g] {
			seen[g] = true
			out = append(out, g)
		}
	}
	return out
}
