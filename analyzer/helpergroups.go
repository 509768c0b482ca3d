package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/types/typeutil"

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
	wraps   []*callSite          // the emitting calls inside the helpers and their literals: skipped by the check
	passes  []*callSite          // calls between helpers of the group: they pass the parameter on
	callers []contextUse         // the other call sites in non-test files, with the context each passes
	tests   []testCall           // the call sites in test files
	// unfixable: a test file uses a helper other than by calling it, or
	// calls it from generated code.
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
func findHelperGroups(idx *index, em *emitters, j *judge, names *lookups, m *model) map[*funcNode]*helperGroup {
	hc := &helperChecks{idx: idx, em: em, j: j, names: names, m: m, ctx: make(map[*callSite]*types.Var), bodies: make(map[*funcNode][]*funcNode)}
	cand := make(map[*funcNode]bool)
	for _, f := range idx.funcs {
		if hc.mayQualify(f) {
			cand[f] = true
		}
	}
	for _, f := range idx.funcs {
		if f.lit != nil && cand[f.outermost()] {
			hc.bodies[f.outermost()] = append(hc.bodies[f.outermost()], f)
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
		if !cand[f] || hc.bodyQualifies(f, cand) && hc.callersQualify(f, cand) {
			continue
		}
		delete(cand, f)
		for _, g := range hc.nodesOf(f) {
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
	return hc.groups(cand)
}

// helperChecks is what deciding and grouping the helpers reads.
type helperChecks struct {
	idx    *index
	em     *emitters
	j      *judge
	names  *lookups
	m      *model
	ctx    map[*callSite]*types.Var  // the context a call site passes, nil when none can be named
	bodies map[*funcNode][]*funcNode // a candidate -> the literals defined in it
}

// mayQualify tests what a helper must be whatever the others are.
func (hc *helperChecks) mayQualify(f *funcNode) bool {
	if f.decl == nil || f.obj.Exported() || hc.em.local[f] == nil || len(contextParams(f.sig)) > 0 ||
		f.valueUse || hc.m.generated[f.file] || len(hc.idx.callers[f]) == 0 {
		return false
	}
	for _, site := range hc.idx.callers[f] {
		if site.dispatch() {
			return false // it implements an interface of the package
		}
	}
	return true
}

// nodesOf returns a candidate and the literals defined in it.
func (hc *helperChecks) nodesOf(f *funcNode) []*funcNode {
	return append([]*funcNode{f}, hc.bodies[f]...)
}

// bodyQualifies: every emitting call inside f is a call of a literal
// defined in f, of a candidate, or a statement the check can wrap.
func (hc *helperChecks) bodyQualifies(f *funcNode, cand map[*funcNode]bool) bool {
	for _, g := range hc.nodesOf(f) {
		for _, site := range g.calls {
			switch hc.j.verdict(hc.em, site) {
			case findingCall:
				if g == f {
					return false // a usable context of its own
				}
			case emitterCall:
				t := hc.idx.target(site)
				switch {
				case t != nil && t.outermost() == f && t.lit != nil:
				case t != nil && cand[t]:
				case !wrappable(site):
					return false
				}
			}
		}
	}
	return true
}

// wrappable: the check can wrap the call, a statement of its own, where
// it stands (not deferred, not in a goroutine).
func wrappable(site *callSite) bool {
	_, ok := site.stmt.(*ast.ExprStmt)
	return ok && !inGoroutine(site)
}

// callersQualify: every call site of f can pass a context. Handed one, a
// call of a helper that returns an error becomes context-consuming: where
// a check holds at it and the call is no return value, the check would go
// stale there and the events after it become findings.
func (hc *helperChecks) callersQualify(f *funcNode, cand map[*funcNode]bool) bool {
	consumes := guardflow.ReturnsError(f.sig)
	for _, site := range hc.idx.callers[f] {
		if inGoroutine(site) || isMethodExpr(hc.idx.info, site.call) || hc.m.generated[site.fn.file] {
			return false
		}
		if consumes && !site.result && hc.j.states.stateAt(site, false).CheckHeld {
			return false
		}
		if !cand[site.fn.outermost()] && hc.contextOf(site) == nil {
			return false
		}
	}
	return true
}

// contextOf returns the context a call site would pass: the one the
// call-site fix would check there.
func (hc *helperChecks) contextOf(site *callSite) *types.Var {
	if v, ok := hc.ctx[site]; ok {
		return v
	}
	v := fixContext(hc.names, site, hc.j.states.stateAt(site, false))
	hc.ctx[site] = v
	return v
}

// groups joins the helpers that call one another, and lists what each
// group's fix edits.
func (hc *helperChecks) groups(cand map[*funcNode]bool) map[*funcNode]*helperGroup {
	if len(cand) == 0 {
		return nil
	}
	leader := make(map[*funcNode]*funcNode) // union-find
	var find func(f *funcNode) *funcNode
	find = func(f *funcNode) *funcNode {
		if l, ok := leader[f]; ok && l != f {
			root := find(l)
			leader[f] = root
			return root
		}
		return f
	}
	for _, f := range hc.idx.funcs {
		if !cand[f] {
			continue
		}
		for _, g := range hc.nodesOf(f) {
			for _, site := range g.calls {
				if t := hc.idx.target(site); t != nil && cand[t] && t != f {
					if a, b := find(f), find(t); a != b {
						leader[b] = a
					}
				}
			}
		}
	}
	out := make(map[*funcNode]*helperGroup)
	for _, f := range hc.idx.funcs {
		if !cand[f] {
			continue
		}
		root := find(f)
		g := out[root]
		if g == nil {
			g = &helperGroup{param: make(map[*funcNode]string)}
			out[root] = g
		}
		out[f] = g
		g.helpers = append(g.helpers, f)
	}
	for _, f := range hc.idx.funcs {
		if cand[f] {
			hc.fill(out[f], f, cand)
		}
	}
	hc.testCalls(out)
	return out
}

// fill adds what f's part of its group's fix edits: its wraps, the calls
// of it (from helpers of the group, which pass their parameter on, and
// from the others), and the name of its new parameter. Every call of a
// helper passes a context, whatever its verdict, or the code would not
// compile.
func (hc *helperChecks) fill(g *helperGroup, f *funcNode, cand map[*funcNode]bool) {
	var at []ast.Node // where the parameter is referred to
	for _, n := range hc.nodesOf(f) {
		for _, site := range n.calls {
			switch t := hc.idx.target(site); {
			case t != nil && cand[t]:
				at = append(at, site.call)
			case t != nil && t.outermost() == f && t.lit != nil:
			case hc.j.verdict(hc.em, site) == emitterCall:
				g.wraps = append(g.wraps, site)
				at = append(at, site.stmt)
			}
		}
	}
	for _, site := range hc.idx.callers[f] {
		if cand[site.fn.outermost()] {
			g.passes = append(g.passes, site)
		} else {
			g.callers = append(g.callers, contextUse{site, hc.contextOf(site)})
		}
	}
	if g.param[f] = freeContextName(hc.names, f, at); g.param[f] == "" {
		g.unfixable = true
	}
}

// freeContextName returns the name f's new context parameter takes: ctx,
// else ctx2, ctx3..., the first that hides nothing f uses and that no
// declaration inside f hides where it is referred to; "" when none is.
func freeContextName(names *lookups, f *funcNode, at []ast.Node) string {
	var pos []token.Pos
	for _, n := range at {
		pos = append(pos, n.Pos())
	}
	name, _ := refactor.FreshName("ctx", func(name string) bool { return freeParamName(names, f, name, pos) })
	return name
}

// testCalls finds the calls of the groups' helpers in the package's test
// files (go vet and the test variant of the standalone command see them),
// and the context each passes: the test function's context parameter,
// else context.Background(). A test that uses a helper otherwise (as a
// value, through a method expression), or calls it from a generated file,
// could not be changed with it: its group gets no fix at its depth.
func (hc *helperChecks) testCalls(groups map[*funcNode]*helperGroup) {
	byObj := make(map[*types.Func]*helperGroup)
	for f, g := range groups {
		byObj[f.obj] = g
	}
	info := hc.idx.info
	for _, file := range hc.m.tests {
		generated := ast.IsGenerated(file)
		callees := make(map[*ast.Ident]bool) // the helpers' names called plainly
		var funcs []ast.Node                 // the functions around the node, innermost last
		ast.Inspect(file, func(n ast.Node) bool {
			if n == nil {
				return true
			}
			for len(funcs) > 0 && funcs[len(funcs)-1].End() <= n.Pos() {
				funcs = funcs[:len(funcs)-1]
			}
			switch n := n.(type) {
			case *ast.FuncDecl, *ast.FuncLit:
				funcs = append(funcs, n)
			case *ast.CallExpr:
				fn, _ := typeutil.Callee(info, n).(*types.Func)
				if fn == nil || byObj[fn.Origin()] == nil || isMethodExpr(info, n) {
					return true
				}
				callees[calleeIdent(n)] = true
				g := byObj[fn.Origin()]
				g.tests = append(g.tests, testCall{call: n, file: file, ctx: testContext(hc.names, funcs, n.Pos())})
				if generated {
					g.unfixable = true // no fix edits a generated file
				}
			case *ast.Ident:
				if fn, ok := info.Uses[n].(*types.Func); ok && byObj[fn.Origin()] != nil && !callees[n] {
					byObj[fn.Origin()].unfixable = true
				}
			}
			return true
		})
	}
}

// calleeIdent returns the name a call calls: f in f(), x.f(), f[T]().
func calleeIdent(call *ast.CallExpr) *ast.Ident {
	fun := ast.Unparen(call.Fun)
	switch x := fun.(type) {
	case *ast.IndexExpr:
		fun = x.X
	case *ast.IndexListExpr:
		fun = x.X
	}
	switch x := ast.Unparen(fun).(type) {
	case *ast.Ident:
		return x
	case *ast.SelectorExpr:
		return x.Sel
	}
	return nil
}

// testContext names the named context parameter of the innermost
// function around pos that has one and that nothing hides at pos; "" when
// there is none.
func testContext(names *lookups, funcs []ast.Node, pos token.Pos) string {
	for i := len(funcs) - 1; i >= 0; i-- {
		var ftype *ast.FuncType
		switch fn := funcs[i].(type) {
		case *ast.FuncDecl:
			ftype = fn.Type
		case *ast.FuncLit:
			ftype = fn.Type
		}
		for _, field := range ftype.Params.List {
			for _, id := range field.Names {
				v, ok := names.info.Defs[id].(*types.Var)
				if !ok || id.Name == "_" || !isContextType(v.Type()) {
					continue
				}
				if names.lookupAt(id.Name, pos) == v {
					return id.Name
				}
			}
		}
	}
	return ""
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
