package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
	"github.com/ctxnotify/ctxnotify-lint/internal/refactor"
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

// fixCtx is the context a fix checks at a call.
type fixCtx struct {
	v *types.Var // the variable the check names; nil where none can be
	// derived is a derivation whose context takes a fresh name first, so
	// that v holds, where the check is written, the context it derives
	// from.
	derived *guardflow.Derivation
	want    guardflow.Contexts // where derived is set: the contexts v holds at the check, with derived renamed
	why     string             // where v is nil although a usable context is in hand: why, and what to keep under its own name
	// later is the literal around the call that reads v from outside and
	// may run after its function returns (RULE v8): every cancel may have
	// run by then, so a check on v there could drop every event. No fix
	// checks it.
	later *funcNode
	use   guardflow.LitUse // how later runs
}

// chooser decides the contexts that fixes check, and keeps the holdings of
// the functions it looked at: they are computed on first use, only for
// functions that make contexts the code can cancel.
type chooser struct {
	idx      *index
	names    *refactor.Scopes
	env      *guardflow.Env
	holdings map[*funcNode]*guardflow.Holdings // by outermost function
	bodies   map[*funcNode]*bodyNames          // by outermost function, for renames
}

func newChooser(idx *index, names *refactor.Scopes, env *guardflow.Env) *chooser {
	return &chooser{idx: idx, names: names, env: env,
		holdings: make(map[*funcNode]*guardflow.Holdings), bodies: make(map[*funcNode]*bodyNames)}
}

// holdingsOf returns the holdings of f's outermost function.
func (c *chooser) holdingsOf(f *funcNode) *guardflow.Holdings {
	o := f.outermost()
	h, ok := c.holdings[o]
	if !ok {
		h = guardflow.NewHoldings(c.env, o.flowFunc())
		c.holdings[o] = h
	}
	return h
}

// choose returns the context a fix checks at site, where facts hold, and
// the literal around the site that reads it and may run after its
// function returns.
func (c *chooser) choose(site *callSite, facts *guardflow.CallState) fixCtx {
	fc := c.chooseContext(site, facts)
	if fc.v != nil {
		if fc.later = c.capturedLater(site, fc.v); fc.later != nil {
			fc.use = c.literalUse(fc.later)
		}
	}
	return fc
}

// capturedLater returns the literal around site, up to the function that
// declares v, that may run after its function returns (guardflow's
// LitUse), or nil. A literal that declares v (its own context parameter,
// as a reconcile.Func has) is called with a context by whoever runs it.
func (c *chooser) capturedLater(site *callSite, v *types.Var) *funcNode {
	for g := site.fn; g != nil && g.lit != nil; g = g.parent {
		if g.lit.Pos() <= v.Pos() && v.Pos() < g.lit.End() {
			return nil
		}
		if c.literalUse(g).Later() {
			return g
		}
	}
	return nil
}

// literalUse returns how the literal f runs.
func (c *chooser) literalUse(f *funcNode) guardflow.LitUse {
	return c.env.LiteralUses(f.outermost().flowFunc())[f.lit]
}

func (c *chooser) chooseContext(site *callSite, facts *guardflow.CallState) fixCtx {
	pos := site.call.Pos()
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
			return paramOwner(site.fn, v) != nil
		}
		return c.names.Lookup(site.fn.outer(), v.Name(), pos) == v
	}
	preferred := c.first(site, facts, usable)
	if preferred == nil {
		return fixCtx{}
	}
	pt, ok := c.holdingsOf(site.fn).At(site.call)
	if !ok { // the code cancels none of the function's contexts
		if v := c.first(site, facts, func(v *types.Var) bool { return usable(v) && named(v) }); v != nil {
			return fixCtx{v: v}
		}
		return fixCtx{why: c.hiddenWhy(site, preferred)}
	}
	if call := pt.NeverCancelled(preferred); call != nil {
		return fixCtx{why: fmt.Sprintf("%s here may hold the context of %s (line %s), which shutdown never cancels; keep the context shutdown cancels under a name of its own",
			contextText(preferred), types.ExprString(ast.Unparen(call.Fun)), lineAt(c.idx.fset, call.Pos()))}
	}
	want, ok := pt.ShutdownOnly(preferred)
	if !ok {
		return fixCtx{why: fmt.Sprintf("%s may hold a context that the code cancels itself, derived from none that it does not", contextText(preferred))}
	}
	if v := c.first(site, facts, func(v *types.Var) bool { return usable(v) && named(v) && pt.HoldsOnly(v, want) }); v != nil {
		return fixCtx{v: v}
	}
	return c.renamed(site, pt, preferred, want, usable)
}

// renamed returns the fix's context where no name holds the context it
// must check: the variable that the preferred context's name resolves to
// holds a derivation's context, which takes a fresh name so that the name
// holds what it was derived from again.
func (c *chooser) renamed(site *callSite, pt *guardflow.Point, preferred *types.Var, want guardflow.Contexts, usable func(*types.Var) bool) fixCtx {
	pos := site.call.Pos()
	if unnamed(preferred) {
		return fixCtx{why: c.hiddenWhy(site, preferred)}
	}
	r, _ := c.names.Lookup(site.fn.outer(), preferred.Name(), pos).(*types.Var)
	if r == nil || !isContextType(r.Type()) {
		return fixCtx{why: c.hiddenWhy(site, preferred)}
	}
	ds := pt.Cancelled(r)
	if len(ds) != 1 || ds[0].Name == nil {
		return fixCtx{why: c.hiddenWhy(site, preferred)}
	}
	d := ds[0]
	after := r
	if c.idx.info.Defs[d.Name] == r { // the derivation declares the name: it hides an outer one
		_, obj := r.Parent().Parent().LookupParent(r.Name(), pos)
		after, _ = obj.(*types.Var)
	}
	switch {
	case after == nil || !usable(after):
	case after == r && pt.HoldsOnlyWithout(r, d, want), after != r && pt.HoldsOnly(after, want):
		return fixCtx{v: after, derived: d, want: want}
	}
	return fixCtx{why: derivedWhy(c.idx, r.Name(), d)}
}

// first returns the first context variable ok accepts, in the order the
// fix prefers them: the parameters of site's function and of the
// functions around it (preferredContext), then the locals visible at the
// call, the one declared last first.
func (c *chooser) first(site *callSite, facts *guardflow.CallState, ok func(*types.Var) bool) *types.Var {
	for g := site.fn; g != nil; g = g.parent {
		if p := preferredContext(contextParams(g.sig), ok); p != nil {
			return p
		}
	}
	pos := site.call.Pos()
	var best *types.Var
	for _, v := range facts.Vars {
		if v.Kind() != types.ParamVar && visibleAt(v, pos) && (best == nil || v.Pos() > best.Pos()) && ok(v) {
			best = v
		}
	}
	return best
}

// hiddenWhy says why no fix names the preferred context: another variable
// takes its name at the call.
func (c *chooser) hiddenWhy(site *callSite, preferred *types.Var) string {
	name := contextText(preferred)
	if obj := c.names.Lookup(site.fn.outer(), name, site.call.Pos()); obj != nil && obj != preferred && obj.Pos().IsValid() {
		return fmt.Sprintf("%s here is the variable declared at line %s, not the context shutdown cancels; keep that context under a name of its own",
			name, lineAt(c.idx.fset, obj.Pos()))
	}
	return fmt.Sprintf("no name refers to %s here; keep it under a name of its own", name)
}

// derivedWhy says why no fix checks the context a derivation derives
// from: the derived context takes its name, and cannot take another.
func derivedWhy(idx *index, name string, d *guardflow.Derivation) string {
	return fmt.Sprintf("%s here holds the context of %s (line %s), which the code cancels itself; give that context a name of its own so that %s stays the context shutdown cancels",
		name, derivationText(d), lineAt(idx.fset, d.Call.Pos()), name)
}

// derivationText names a derivation's function: "context.WithTimeout".
func derivationText(d *guardflow.Derivation) string {
	return types.ExprString(ast.Unparen(d.Call.Fun))
}

func lineAt(fset *token.FileSet, pos token.Pos) string {
	return fmt.Sprint(fset.Position(pos).Line)
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

// contextText is how a message writes the context v: its name, or ctx
// where it has none (nil, blank or unnamed: the fix names it).
func contextText(v *types.Var) string {
	if unnamed(v) {
		return "ctx"
	}
	return v.Name()
}

// unnamed reports whether no name refers to v: nil, unnamed or blank.
func unnamed(v *types.Var) bool { return v == nil || v.Name() == "" || v.Name() == "_" }

// paramOwner returns f or the enclosing function that declares the
// parameter v.
func paramOwner(f *funcNode, v *types.Var) *funcNode {
	for g := f; g != nil; g = g.parent {
		if paramIndex(g.sig, v) >= 0 {
			return g
		}
	}
	return nil
}

// contextUse is a call site that refers to a context: the context a fix
// checks there, or passes to a helper.
type contextUse struct {
	site *callSite
	ctx  fixCtx
}

// nameBlankParams chooses, for each blank or unnamed context parameter
// that a fix checks or passes, one name free at every call it fixes: ctx,
// else ctx2, ctx3...
func nameBlankParams(names *refactor.Scopes, uses []contextUse) map[*types.Var]string {
	sites := make(map[*types.Var][]token.Pos)
	owners := make(map[*types.Var]*funcNode)
	var order []*types.Var
	for _, u := range uses {
		v := u.ctx.v
		if v == nil || !unnamed(v) {
			continue
		}
		if _, seen := owners[v]; !seen {
			owners[v] = paramOwner(u.site.fn, v)
			order = append(order, v)
		}
		sites[v] = append(sites[v], u.site.call.Pos())
	}
	chosen := make(map[*types.Var]string)
	for _, v := range order {
		owner := owners[v]
		if owner == nil {
			continue
		}
		if name := freeContextName(names, owner, sites[v]); name != "" {
			chosen[v] = name
		}
	}
	return chosen
}

// freeContextName returns the name a context parameter of f takes, new or
// named by the fix: ctx, else ctx2, ctx3..., the first that is free as a
// parameter of f referred to at the positions at; "" when none is.
func freeContextName(names *refactor.Scopes, f *funcNode, at []token.Pos) string {
	ft := f.funcType()
	decl := refactor.Decl{Scope: names.FuncScope(ft), From: ft.Pos(), Uses: at}
	name, _ := refactor.FreshName("ctx", func(name string) bool { return names.Free(f.file, name, decl) })
	return name
}

// paramIndex returns the index of the parameter v of sig, or -1.
func paramIndex(sig *types.Signature, v *types.Var) int {
	params := sig.Params()
	for i := range params.Len() {
		if params.At(i) == v {
			return i
		}
	}
	return -1
}

// funcType is the declared type of a function body: its parameters.
func (f *funcNode) funcType() *ast.FuncType {
	if f.decl != nil {
		return f.decl.Type
	}
	return f.lit.Type
}
