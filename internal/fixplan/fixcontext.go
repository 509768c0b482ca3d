package fixplan

import (
	"go/token"
	"go/types"

	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
	"github.com/ctxnotify/ctxnotify-lint/internal/refactor"
	"github.com/ctxnotify/ctxnotify-lint/internal/syntax"
)

// The context a fix checks (the documentation's "The context a fix
// checks"): the function's own context parameter (the one named ctx, else
// the first), else that of the nearest enclosing function, else the local
// context variable declared last, each only where it holds a usable
// context on every path to the call. A check on a context that the code
// may have cancelled itself (its cancel called or handed on, a deferred
// literal run after its deferred cancel, an errgroup started) would drop
// every event: the fix then checks the nearest context it was derived
// from that the code does not cancel, under a name that resolves to it
// where the check is written, and gives the derived context a name of its
// own where no name does.

// Context is the context a fix checks at a call.
type Context struct {
	Var *types.Var // the variable the check names; nil where none can be
	// Derived is a derivation whose context takes a fresh name first, so
	// that v holds, where the check is written, the context it derives
	// from.
	Derived *guardflow.Derivation
	want    guardflow.Contexts // where derived is set: the contexts v holds at the check, with derived renamed
	Unnamed Unnamed            // where Var is nil although a usable context is in hand: why
	// Later is the literal around the call that reads v from outside and
	// may run after its function returns (RULE v8): every cancel may have
	// run by then, so a check on v there could drop every event. No fix
	// checks it.
	Later *callgraph.Func
	Use   guardflow.LitUse // how later runs
}

// Chooser decides the contexts that fixes check, and keeps the holdings of
// the functions it looked at: they are computed on first use, only for
// functions that make contexts the code can cancel.
type Chooser struct {
	idx      *callgraph.Graph
	scopes   *refactor.Scopes
	env      *guardflow.Env
	holdings map[*callgraph.Func]*guardflow.Holdings // by outermost function
	sources  map[*callgraph.Func]*guardflow.Holdings // by outermost function, where holdings follow nothing
	bodies   map[*callgraph.Func]*bodyRefs           // by outermost function, for renames
}

// NewChooser returns a chooser over the call graph, reading names in
// scopes and the dataflows of env.
func NewChooser(idx *callgraph.Graph, scopes *refactor.Scopes, env *guardflow.Env) *Chooser {
	return &Chooser{idx: idx, scopes: scopes, env: env,
		holdings: make(map[*callgraph.Func]*guardflow.Holdings), sources: make(map[*callgraph.Func]*guardflow.Holdings),
		bodies: make(map[*callgraph.Func]*bodyRefs)}
}

// HoldingsOf returns the holdings of f's outermost function.
func (c *Chooser) HoldingsOf(f *callgraph.Func) *guardflow.Holdings {
	o := f.Outermost()
	h, ok := c.holdings[o]
	if !ok {
		h = guardflow.NewHoldings(c.env, o.FlowFunc())
		c.holdings[o] = h
	}
	return h
}

// ParamSources returns the context parameters of site's declared
// function whose cancellation cancels what v may hold where site's call
// is made: v itself, or a context made from one (a copy, a value or a
// logger added, a derivation). A check of v there drops the events
// whenever a caller hands one of them a cancelled context.
func (c *Chooser) ParamSources(site *callgraph.Site, v *types.Var) []callgraph.Param {
	if v == nil {
		return nil
	}
	if owner := callgraph.ParamOwner(site.Fn, v); owner != nil {
		if owner.Obj == nil {
			return nil // a literal's own parameter: its callers hand it a context
		}
		return []callgraph.Param{{Fn: owner.Obj, Index: callgraph.ParamIndex(owner.Sig, v)}}
	}
	return c.sourcesAt(site, func(pt *guardflow.Point) guardflow.Contexts { return pt.Within(v) })
}

// ArgSources is ParamSources for the context site's call passes as its
// argument ai.
func (c *Chooser) ArgSources(site *callgraph.Site, ai int) []callgraph.Param {
	if v := syntax.Var(c.idx.Info, site.Call.Args[ai]); v != nil && !c.idx.Assigned[v] {
		return c.ParamSources(site, v) // what v holds everywhere
	}
	return c.sourcesAt(site, func(pt *guardflow.Point) guardflow.Contexts { return pt.ArgWithin(ai) })
}

// sourcesAt returns the context parameters of site's declared function
// that within, at site's call, meets: its holdings, solved where they
// follow nothing, answer where the contexts come from.
func (c *Chooser) sourcesAt(site *callgraph.Site, within func(*guardflow.Point) guardflow.Contexts) []callgraph.Param {
	o := site.Fn.Outermost()
	if o.Obj == nil {
		return nil
	}
	h := c.HoldingsOf(o)
	if !h.Follows() {
		if h = c.sources[o]; h == nil {
			h = guardflow.NewSources(c.env, o.FlowFunc())
			c.sources[o] = h
		}
	}
	pt := h.At(site.Call)
	if pt == nil {
		return nil // never made
	}
	w := within(pt)
	var out []callgraph.Param
	params := o.Sig.Params()
	for i := range params.Len() {
		if p := params.At(i); guardflow.IsContext(p.Type()) && w.Meets(h.Param(p)) {
			out = append(out, callgraph.Param{Fn: o.Obj, Index: i})
		}
	}
	return out
}

// Choose returns the context a fix checks at site, where facts hold, and
// the literal around the site that reads it and may run after its
// function returns.
func (c *Chooser) Choose(site *callgraph.Site, facts *guardflow.CallState) Context {
	fc := c.chooseContext(site, facts)
	if fc.Var != nil {
		if fc.Later = c.CapturedLater(site, fc.Var); fc.Later != nil {
			fc.Use = c.LiteralUse(fc.Later)
		}
	}
	return fc
}

// CapturedLater returns the literal around site, up to the function that
// declares v, that may run after its function returns (guardflow's
// LitUse), or nil. A literal that declares v (its own context parameter,
// as a reconcile.Func has) is called with a context by whoever runs it.
func (c *Chooser) CapturedLater(site *callgraph.Site, v *types.Var) *callgraph.Func {
	for g := site.Fn; g != nil && g.Lit != nil; g = g.Parent {
		if g.Lit.Pos() <= v.Pos() && v.Pos() < g.Lit.End() {
			return nil
		}
		if c.LiteralUse(g).Later() {
			return g
		}
	}
	return nil
}

// InGoroutine reports whether the call is a go statement, or inside a
// literal started with go, directly, through a variable or through the
// call a go statement makes (guardflow's LitUse, which decides how every
// literal runs).
func (c *Chooser) InGoroutine(site *callgraph.Site) bool {
	if site.Spawned() {
		return true
	}
	for g := site.Fn; g != nil && g.Lit != nil; g = g.Parent {
		if c.LiteralUse(g).Run == guardflow.RunsSpawned {
			return true
		}
	}
	return false
}

// LiteralUse returns how the literal f runs.
func (c *Chooser) LiteralUse(f *callgraph.Func) guardflow.LitUse {
	return c.env.LiteralUses(f.Outermost().FlowFunc())[f.Lit]
}

func (c *Chooser) chooseContext(site *callgraph.Site, facts *guardflow.CallState) Context {
	pos := site.Call.Pos()
	usable := func(v *types.Var) bool {
		for k, w := range facts.Vars {
			if w == v {
				return facts.Use[k].Usable()
			}
		}
		return false
	}
	named := func(v *types.Var) bool {
		if unnamed(v) {
			return callgraph.ParamOwner(site.Fn, v) != nil
		}
		return c.scopes.Lookup(site.Fn.Outer(), v.Name(), pos) == v
	}
	preferred := c.first(site, facts, usable)
	if preferred == nil {
		return Context{}
	}
	pt := c.HoldingsOf(site.Fn).At(site.Call)
	if pt == nil { // the code cancels none of the function's contexts (the holdings do not follow them), or never makes the call
		if v := c.first(site, facts, func(v *types.Var) bool { return usable(v) && named(v) }); v != nil {
			return Context{Var: v}
		}
		return Context{Unnamed: c.hidden(site, preferred)}
	}
	if call := pt.NeverCancelled(preferred); call != nil {
		return Context{Unnamed: Unnamed{Kind: NeverCancelled, Var: preferred, Call: call}}
	}
	want, ok := pt.ShutdownOnly(preferred)
	if !ok {
		return Context{Unnamed: Unnamed{Kind: CancelledOnly, Var: preferred}}
	}
	if v := c.first(site, facts, func(v *types.Var) bool { return usable(v) && named(v) && pt.HoldsOnly(v, want) }); v != nil {
		return Context{Var: v}
	}
	return c.renamed(site, pt, preferred, want, usable)
}

// renamed returns the fix's context where no name holds the context it
// must check: the variable that the preferred context's name resolves to
// holds a derivation's context, which takes a fresh name so that the name
// holds what it was derived from again.
func (c *Chooser) renamed(site *callgraph.Site, pt *guardflow.Point, preferred *types.Var, want guardflow.Contexts, usable func(*types.Var) bool) Context {
	pos := site.Call.Pos()
	if unnamed(preferred) {
		return Context{Unnamed: c.hidden(site, preferred)}
	}
	r, _ := c.scopes.Lookup(site.Fn.Outer(), preferred.Name(), pos).(*types.Var)
	if r == nil || !guardflow.IsContext(r.Type()) {
		return Context{Unnamed: c.hidden(site, preferred)}
	}
	ds := pt.Cancelled(r)
	if len(ds) != 1 || ds[0].Name == nil {
		return Context{Unnamed: c.hidden(site, preferred)}
	}
	d := ds[0]
	after := r
	if c.idx.Info.Defs[d.Name] == r { // the derivation declares the name: it hides an outer one
		_, obj := r.Parent().Parent().LookupParent(r.Name(), pos)
		after, _ = obj.(*types.Var)
	}
	switch {
	case after == nil || !usable(after):
	case after == r && pt.HoldsOnlyWithout(r, d, want), after != r && pt.HoldsOnly(after, want):
		return Context{Var: after, Derived: d, want: want}
	}
	return Context{Unnamed: Unnamed{Kind: Taken, Var: r, Derivation: d}}
}

// first returns the first context variable ok accepts, in the order the
// fix prefers them: the parameters of site's function and of the
// functions around it (preferredContext), then the locals visible at the
// call, the one declared last first.
func (c *Chooser) first(site *callgraph.Site, facts *guardflow.CallState, ok func(*types.Var) bool) *types.Var {
	for g := site.Fn; g != nil; g = g.Parent {
		if p := preferredContext(callgraph.ContextParams(g.Sig), ok); p != nil {
			return p
		}
	}
	pos := site.Call.Pos()
	var best *types.Var
	for _, v := range facts.Vars {
		if v.Kind() != types.ParamVar && callgraph.VisibleAt(v, pos) && (best == nil || v.Pos() > best.Pos()) && ok(v) {
			best = v
		}
	}
	return best
}

// hidden says why no fix names the preferred context: another variable
// takes its name at the call, or no name refers to it.
func (c *Chooser) hidden(site *callgraph.Site, preferred *types.Var) Unnamed {
	u := Unnamed{Kind: Hidden, Var: preferred}
	if obj := c.scopes.Lookup(site.Fn.Outer(), ContextText(preferred), site.Call.Pos()); obj != nil && obj != preferred && obj.Pos().IsValid() {
		u.Hider = obj
	}
	return u
}

// preferredContext returns the context parameter a fix uses among a
// function's params, of those ok accepts: the one named ctx, else the
// first; nil when ok accepts none.
func preferredContext(params []*types.Var, ok func(*types.Var) bool) *types.Var {
	for _, p := range params {
		if p.Name() == "ctx" && ok(p) {
			return p
		}
	}
	for _, p := range params {
		if ok(p) {
			return p
		}
	}
	return nil
}

// ContextText is how a message writes the context v: its name, or ctx
// where it has none (nil, blank or unnamed: the fix names it).
func ContextText(v *types.Var) string {
	if unnamed(v) {
		return "ctx"
	}
	return v.Name()
}

// unnamed reports whether no name refers to v: nil, unnamed or blank.
func unnamed(v *types.Var) bool { return v == nil || v.Name() == "" || v.Name() == "_" }

// contextUse is a call site that refers to a context: the context a fix
// checks there, or passes to a helper.
type contextUse struct {
	Site *callgraph.Site
	Ctx  Context
}

// nameBlankParams chooses, for each blank or unnamed context parameter
// that a fix checks or passes, one name free at every call it fixes: ctx,
// else ctx2, ctx3...
func nameBlankParams(scopes *refactor.Scopes, uses []contextUse) map[*types.Var]string {
	sites := make(map[*types.Var][]token.Pos)
	owners := make(map[*types.Var]*callgraph.Func)
	var order []*types.Var
	for _, u := range uses {
		v := u.Ctx.Var
		if v == nil || !unnamed(v) {
			continue
		}
		if _, seen := owners[v]; !seen {
			owners[v] = callgraph.ParamOwner(u.Site.Fn, v)
			order = append(order, v)
		}
		sites[v] = append(sites[v], u.Site.Call.Pos())
	}
	chosen := make(map[*types.Var]string)
	for _, v := range order {
		owner := owners[v]
		if owner == nil {
			continue
		}
		if name := freeContextName(scopes, owner, sites[v]); name != "" {
			chosen[v] = name
		}
	}
	return chosen
}

// freeContextName returns the name a context parameter of f takes, new or
// named by the fix: ctx, else ctx2, ctx3..., the first that is free as a
// parameter of f referred to at the positions at; "" when none is.
func freeContextName(scopes *refactor.Scopes, f *callgraph.Func, at []token.Pos) string {
	ft := f.FuncType()
	decl := refactor.Decl{Scope: scopes.FuncScope(ft), From: ft.Pos(), Uses: at}
	name, _ := refactor.FreshName("ctx", func(name string) bool { return scopes.Free(f.File, name, decl) })
	return name
}
