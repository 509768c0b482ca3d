package analyzer

import (
	"go/ast"
	"slices"

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

// helperGroup is a set of helpers fixed together at their depth.
type helperGroup struct {
	helpers []*funcNode          // in source order
	param   map[*funcNode]string // the name of each helper's new context parameter
	skips   []*callSite          // the emitting calls inside the helpers and their literals: skipped by the check
	passes  []*callSite          // calls between helpers of the group: they pass the parameter on
	callers []contextUse         // the other call sites in non-test files, with the context each passes
	tests   []testCall           // the call sites in test files
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

// findHelperGroups returns, for each helper fixed at its depth, its group.
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
func findHelperGroups(idx *index, em *emitters, j *judge, ch *chooser, m *model) map[*funcNode]*helperGroup {
	hr := &helperRules{idx: idx, em: em, j: j, names: ch.names, ch: ch, m: m, ctx: make(map[*callSite]fixCtx), bodies: make(map[*funcNode][]*funcNode)}
	cand := make(map[*funcNode]bool)
	for _, f := range idx.funcs {
		if hr.mayQualify(f) {
			cand[f] = true
		}
	}
	for _, f := range idx.funcs {
		if f.lit != nil && cand[f.outermost()] {
			hr.bodies[f.outermost()] = append(hr.bodies[f.outermost()], f)
		}
	}
	// Greatest fixpoint: a helper that fails makes the helpers it calls
	// lose a call site in a helper, and those that call it gain a call of
	// an emitter outside the group; only those are looked at again.
	work := slices.Collect(func(yield func(*funcNode) bool) {
		for _, f := range idx.funcs {
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
			for _, site := range g.calls {
				if t := idx.target(site); t != nil && cand[t] {
					work = append(work, t)
				}
			}
		}
		for _, site := range idx.callers[f] {
			if o := site.fn.outermost(); cand[o] {
				work = append(work, o)
			}
		}
	}
	return hr.groups(cand)
}

// helperRules decides which helpers qualify for the fix at their depth,
// and groups them: what that reads.
type helperRules struct {
	idx    *index
	em     *emitters
	j      *judge
	names  *refactor.Scopes
	ch     *chooser
	m      *model
	ctx    map[*callSite]fixCtx      // the context a call site passes
	bodies map[*funcNode][]*funcNode // a candidate -> the literals defined in it
}

// mayQualify tests what a helper must be whatever the others are.
func (hr *helperRules) mayQualify(f *funcNode) bool {
	return f.decl != nil && callersKnown(hr.idx, f) && hr.em.local[f] != nil && len(contextParams(f.sig)) == 0 && !hr.m.generated[f.file]
}

// nodesOf returns a candidate and the literals defined in it.
func (hr *helperRules) nodesOf(f *funcNode) []*funcNode {
	return append([]*funcNode{f}, hr.bodies[f]...)
}

// bodyQualifies: every emitting call inside f is a call of a literal
// defined in f, of a candidate, or a statement the check can wrap.
func (hr *helperRules) bodyQualifies(f *funcNode, cand map[*funcNode]bool) bool {
	for _, g := range hr.nodesOf(f) {
		for _, site := range g.calls {
			switch hr.j.verdict(hr.em, site) {
			case findingCall:
				if g == f {
					return false // a usable context of its own
				}
			case emitterCall:
				t := hr.idx.target(site)
				switch {
				case t.literalOf(f):
				case t != nil && cand[t]:
				case !skippable(site) || g != f && hr.ch.literalUse(g).Later():
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
func (hr *helperRules) callersQualify(f *funcNode, cand map[*funcNode]bool) bool {
	consumes := guardflow.ReturnsError(f.sig)
	for _, site := range hr.idx.callers[f] {
		if inGoroutine(site) || isMethodExpr(hr.idx.info, site.call) || hr.m.generated[site.fn.file] {
			return false
		}
		if consumes && !site.result && hr.j.states.stateAt(site, false).CheckHeld {
			return false
		}
		if c := hr.contextOf(site); !cand[site.fn.outermost()] && (c.v == nil || c.later != nil) {
			return false
		}
	}
	return true
}

// contextOf returns the context a call site would pass: the one the
// call-site fix would check there.
func (hr *helperRules) contextOf(site *callSite) fixCtx {
	if c, ok := hr.ctx[site]; ok {
		return c
	}
	c := hr.ch.choose(site, hr.j.states.stateAt(site, false))
	hr.ctx[site] = c
	return c
}

// uniqueGroups returns each group once, in the order of its first helper.
func uniqueGroups(idx *index, groups map[*funcNode]*helperGroup) []*helperGroup {
	var out []*helperGroup
	seen := make(map[*helperGroup]bool)
	for _, f := range idx.funcs {
		if g := groups[f]; g != nil && !seen[g] {
			seen[g] = true
			out = append(out, g)
		}
	}
	return out
}

// literalOf reports whether t is a literal defined in f, which a call of
// it in f runs as part of f's body.
func (t *funcNode) literalOf(f *funcNode) bool {
	return t != nil && t.lit != nil && t.outermost() == f
}
