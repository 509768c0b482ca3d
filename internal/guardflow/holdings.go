package guardflow

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"

	"github.com/ctxnotify/ctxnotify-lint/internal/callee"
)

// Holdings tells, where each call of a function (its literals included)
// is made, which context each context variable holds there, and which of
// those contexts the code may have cancelled itself: a context made by
// context.WithCancel, WithTimeout, WithDeadline (or their Cause forms, or
// any call that returns a context with a cancel function) is cancelled by
// its cancel function as well as by shutdown, and one made by
// errgroup.WithContext by the group's first error and by Wait. A
// cancellation check on such a context says nothing about shutdown once
// the code may have cancelled it: the fix checks the nearest context it
// was derived from that the code does not cancel.
//
// A context is named by where it is made (a def): a parameter on entry, a
// derivation, or an assignment of a context of another origin; a copy,
// or a context derived by a function that does not cancel it
// (ctrl.LoggerInto(ctx, log)), holds what its source holds. Which defs
// reach each variable is a may-analysis over the function's blocks; a
// function literal starts from what it captures: where it is defined; for
// a deferred literal, where its function returns, after the cancels
// deferred after it; and a literal that may run more than once, beside
// itself or later (handed to a call, started with go, stored) counts every
// cancel it calls or hands on as done at every point in it.
type Holdings struct {
	env    *Env
	scan   *holdScan
	points map[*ast.CallExpr]*Point
	uses   map[*ast.Ident]use           // each use of a context variable
	argOf  map[*ast.Ident]*ast.CallExpr // the call a context variable's use is an argument of
	derivs map[int]*Derivation
	byVar  map[*types.Var][]Use // Uses, once asked
	before map[int]bitset       // def -> the literals that may have been written before it runs
}

// use is what holds at a use of a context variable: the defs that reach
// it, and the literal whose body holds it.
type use struct {
	defs bitset
	lit  *litInfo
}

// NewHoldings analyses f, a function declaration's body or a literal's
// outside any function, and every literal in it.
func NewHoldings(env *Env, f Func) *Holdings {
	h := newHoldings(env, f)
	if h.Follows() {
		h.solveBody(nil, &holdState{}, f.Body)
	}
	return h
}

// NewSources is NewHoldings that records every call's point even where
// the function follows nothing (Follows): for where the contexts a
// variable holds come from, which matters where the code cancels none.
func NewSources(env *Env, f Func) *Holdings {
	h := newHoldings(env, f)
	h.solveBody(nil, &holdState{}, f.Body)
	return h
}

func newHoldings(env *Env, f Func) *Holdings {
	return &Holdings{
		env:    env,
		scan:   scanHoldings(env, f.Body, f.Sig),
		points: make(map[*ast.CallExpr]*Point),
		uses:   make(map[*ast.Ident]use),
		argOf:  make(map[*ast.Ident]*ast.CallExpr),
		derivs: make(map[int]*Derivation),
		before: make(map[int]bitset),
	}
}

// Follows reports whether the function makes a context that the code can
// cancel, or assigns a context variable one that no cancel reaches
// (ctx = context.WithoutCancel(ctx)). Where it does neither, the code
// cancels none of its contexts and every variable holds what shutdown
// cancels: the holdings record no point (At).
func (h *Holdings) Follows() bool { return len(h.scan.callDef) > 0 || h.scan.resets > 0 }

// solveBody solves one body, then the literals defined in it.
func (h *Holdings) solveBody(li *litInfo, entry *holdState, body *ast.BlockStmt) {
	b := &holdBody{h: h, lit: li}
	b.solve(entry, body)
	for call, args := range b.deferredArgs {
		if s := b.exitFor(h.scan.deferIndex[call]); s != nil {
			h.record(call, s, args)
		}
	}
	var parent *ast.FuncLit
	if li != nil {
		parent = li.lit
	}
	for _, child := range h.scan.litOrder {
		if child.parent != parent {
			continue
		}
		if s := b.literalEntry(child); s != nil {
			h.solveBody(child, s, child.lit.Body)
		}
	}
}

// exitFor returns the state in which the deferred call k runs: where the
// body returns on the paths that deferred it, with the cancels deferred
// after it done; nil where it is never deferred.
func (b *holdBody) exitFor(k int) *holdState {
	var out *holdState
	for _, e := range b.exits {
		for _, d := range e.deferred {
			if d.lit != k {
				continue
			}
			s := e.copy()
			s.cancelled = s.cancelled.union(d.after)
			s.live = d.pending
			s.deferred = nil
			out = joinStates(out, s, b.h.scan.defaults)
		}
	}
	return out
}

// literalEntry returns the state a literal starts from, nil where it
// never runs: where it is defined, for one called there; where its
// function returns, after the cancels deferred after it, for one deferred
// or handed to a deferred call that runs it; joined over the calls
// through it, for one held by a variable; in the call that runs it, for
// one handed to such a call; and, for one that may run after its function
// returns, wherever that may be: where it is defined, or once the function
// returned and every context it derived may have been cancelled.
func (b *holdBody) literalEntry(li *litInfo) *holdState {
	h := b.h
	var s *holdState
	switch li.use {
	case RunsAtReturn:
		s = b.exitFor(h.scan.deferIndex[li.call])
	case RunsHeld:
		s = b.captures[li.lit]
		for _, c := range li.calls {
			if p := h.points[c]; p != nil {
				s = joinStates(s, p.s, h.scan.defaults)
			}
		}
	case RunsInCall:
		s = b.captures[li.lit]
		if p := h.points[li.call]; p != nil && s != nil {
			s = joinStates(s, p.s, h.scan.defaults)
		}
	case RunsLater:
		s = b.captures[li.lit]
		if b.exit != nil && s != nil {
			returned := b.exit.copy()
			returned.cancelled = returned.cancelled.union(returned.ran)
			returned.live = nil
			s = joinStates(s, returned, h.scan.defaults)
		}
	default:
		s = b.captures[li.lit]
	}
	if s == nil {
		return nil
	}
	s = s.copy()
	s.deferred = nil
	if li.use != RunsNow && li.use != RunsAtReturn {
		// It may run more than once, beside itself or later: another run
		// may have done what it does anywhere.
		for _, c := range li.cancellers {
			s.cancelled = s.cancelled.union(s.cancels.get(c, nil))
		}
	}
	return s
}

func joinStates(a, b *holdState, defaults []bitset) *holdState {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	j, _ := a.join(b, defaults)
	return j
}

// wroteBefore records the literals written before def d runs, in s.
func (h *Holdings) wroteBefore(d int, s *holdState) {
	if !s.written.empty() {
		h.before[d] = h.before[d].union(s.written)
	}
}

// record records the state where a call is made, and its arguments.
func (h *Holdings) record(call *ast.CallExpr, s *holdState, args []hval) {
	h.points[call] = &Point{h: h, s: s, args: args}
}

// values returns the contexts the defs hold: themselves, or what a copy's
// sources hold.
func (h *Holdings) values(defs bitset) bitset {
	var out bitset
	seen := make(map[int]bool)
	var visit func(d int)
	visit = func(d int) {
		if seen[d] {
			return
		}
		seen[d] = true
		if df := &h.scan.defs[d]; df.kind == copyDef {
			df.sources.each(visit)
			return
		}
		out = out.with(d)
	}
	defs.each(visit)
	return out
}

// cancelledIn reports whether the code may have cancelled context x in s.
func (h *Holdings) cancelledIn(s *holdState, x int) bool {
	switch h.scan.defs[x].kind {
	case unknownDef:
		return true
	case deriveDef:
		return s.cancelled.has(x)
	}
	return false
}

// Point is what holds of contexts where a call is made.
type Point struct {
	h    *Holdings
	s    *holdState
	args []hval
}

// At returns what holds where call is made: nil where it is never made,
// and everywhere in holdings that follow nothing (Follows).
func (h *Holdings) At(call *ast.CallExpr) *Point { return h.points[call] }

// Contexts is a set of contexts a variable may hold.
type Contexts struct{ set bitset }

// Empty reports whether the set holds none.
func (c Contexts) Empty() bool { return c.set.empty() }

// Equal reports whether the two sets hold the same contexts.
func (c Contexts) Equal(o Contexts) bool { return c.set.equal(o.set) }

// Meets reports whether the two sets share a context.
func (c Contexts) Meets(o Contexts) bool { return c.set.meets(o.set) }

// Param returns the context a parameter holds on entry.
func (h *Holdings) Param(v *types.Var) Contexts {
	if d, ok := h.scan.paramDef[v]; ok {
		return Contexts{bitsetOf(d)}
	}
	return Contexts{}
}

// reach returns the defs that reach v at p; unknown for a variable the
// holdings do not follow.
func (p *Point) reach(v *types.Var) bitset {
	i, ok := p.h.scan.vars[v]
	if !ok {
		return bitsetOf(unknown)
	}
	return p.s.reach.get(i, p.h.scan.defaults)
}

// Holds returns the contexts v may hold at p.
func (p *Point) Holds(v *types.Var) Contexts { return Contexts{p.h.values(p.reach(v))} }

// Within returns the contexts whose cancellation cancels what v may hold
// at p: those it holds and, transitively, those they were derived from.
func (p *Point) Within(v *types.Var) Contexts { return Contexts{p.h.within(p.reach(v))} }

// ArgWithin is Within for the context argument i of the call: empty
// where the argument is none the holdings follow.
func (p *Point) ArgWithin(i int) Contexts {
	if i >= len(p.args) || !p.args[i].ctx || p.args[i].opaque {
		return Contexts{}
	}
	return Contexts{p.h.within(p.args[i].src)}
}

// within returns the contexts the defs hold and those they were derived
// from, transitively.
func (h *Holdings) within(defs bitset) bitset {
	out := h.values(defs)
	for work := out; !work.empty(); {
		var next bitset
		work.each(func(d int) {
			if df := &h.scan.defs[d]; df.kind == deriveDef {
				next = next.union(h.values(df.sources))
			}
		})
		work = next.minus(out)
		out = out.union(work)
	}
	return out
}

// MayBeCancelled reports whether the code may have cancelled a context v
// may hold at p.
func (p *Point) MayBeCancelled(v *types.Var) bool {
	may := false
	p.h.values(p.reach(v)).each(func(x int) { may = may || p.h.cancelledIn(p.s, x) })
	return may
}

// ShutdownOnly returns the contexts a check at p must test in place of
// what v holds there: each context v may hold, or, where the code may have
// cancelled it, the nearest context it was derived from that the code has
// not; false where one has no such ancestor.
func (p *Point) ShutdownOnly(v *types.Var) (Contexts, bool) {
	h := p.h
	var out bitset
	ok := true
	seen := make(map[int]bool)
	var visit func(x int)
	visit = func(x int) {
		if seen[x] {
			return
		}
		seen[x] = true
		if !h.cancelledIn(p.s, x) {
			out = out.with(x)
			return
		}
		parent := bitset(nil)
		if df := h.scan.defs[x]; df.kind == deriveDef {
			parent = h.values(df.sources)
		}
		if parent.empty() {
			ok = false
			return
		}
		parent.each(visit)
	}
	h.values(p.reach(v)).each(visit)
	return Contexts{out}, ok && !out.empty()
}

// NeverCancelled returns the call that made a context v may hold at p and
// that no cancel reaches, shutdown's included (context.Background,
// WithoutCancel, a request's context): a check on v there says nothing of
// shutdown. Nil where v holds none.
func (p *Point) NeverCancelled(v *types.Var) *ast.CallExpr {
	var call *ast.CallExpr
	p.h.values(p.reach(v)).each(func(x int) {
		if df := p.h.scan.defs[x]; call == nil && df.kind == opaqueDef && df.never != nil {
			call = df.never
		}
	})
	return call
}

// HoldsOnly reports whether v holds one of c at p on every path, and
// holds something.
func (p *Point) HoldsOnly(v *types.Var, c Contexts) bool {
	vals := p.h.values(p.reach(v))
	return !vals.empty() && vals.subsetOf(c.set)
}

// HoldsOnlyWithout is HoldsOnly had d not assigned d.Var: v then holds,
// where d's assignment reached, what it held before it.
func (p *Point) HoldsOnlyWithout(v *types.Var, d *Derivation, c Contexts) bool {
	defs := p.reach(v)
	if defs.has(d.id) {
		defs = defs.minus(bitsetOf(d.id))
		if q, ok := p.h.points[d.Call]; ok {
			defs = defs.union(q.reach(v).minus(bitsetOf(d.id)))
		}
	}
	vals := p.h.values(defs)
	return !vals.empty() && vals.subsetOf(c.set)
}

// Cancelled returns the derivations that assigned v a context on some path
// to p and that the code may have cancelled there, in source order.
func (p *Point) Cancelled(v *types.Var) []*Derivation {
	var out []*Derivation
	p.reach(v).each(func(d int) {
		if p.h.scan.defs[d].kind == deriveDef && p.s.cancelled.has(d) {
			out = append(out, p.h.derivation(d))
		}
	})
	return out
}

// CancelledArg returns a derivation whose context (or one derived from
// it) context argument i of the call may be, and that the code has
// cancelled on every path to the call on which it ran; nil where there is
// none.
func (p *Point) CancelledArg(i int) *Derivation {
	if i >= len(p.args) || !p.args[i].ctx || p.args[i].opaque {
		return nil
	}
	h := p.h
	var found *Derivation
	seen := make(map[int]bool)
	var visit func(x int)
	visit = func(x int) {
		if seen[x] || found != nil {
			return
		}
		seen[x] = true
		df := h.scan.defs[x]
		if df.kind != deriveDef {
			return
		}
		if p.s.ran.has(x) && !p.s.live.has(x) && p.s.cancelled.has(x) {
			found = h.derivation(x)
			return
		}
		h.values(df.sources).each(visit)
	}
	h.values(p.args[i].src).each(visit)
	return found
}

// ArgIsParam reports whether context argument i of the call is, on every
// path, the context the parameter param held on entry.
func (p *Point) ArgIsParam(i int, param *types.Var) bool {
	d, ok := p.h.scan.paramDef[param]
	if !ok || i >= len(p.args) || !p.args[i].ctx || p.args[i].opaque {
		return false
	}
	return p.h.values(p.args[i].src).equal(bitsetOf(d))
}

// Derivation is an assignment of a context that the code can cancel.
type Derivation struct {
	Call   *ast.CallExpr
	Assign ast.Node    // the *ast.AssignStmt or *ast.ValueSpec
	Tok    token.Token // the assignment's
	Name   *ast.Ident  // the variable it assigns the context to; nil for none the holdings follow
	Var    *types.Var
	Func   string // the function that derives it: WithTimeout, WithContext
	Group  bool   // an errgroup's context
	id     int
}

func (h *Holdings) derivation(d int) *Derivation {
	if x, ok := h.derivs[d]; ok {
		return x
	}
	df := h.scan.defs[d]
	x := &Derivation{Call: df.call, Assign: df.assign, Tok: df.tok, Name: df.name, Var: df.v,
		Func: callee.Name(h.env.info, df.call), Group: df.deriv.kind == groupDerived, id: d}
	h.derivs[d] = x
	return x
}

// Use is a use of a context variable.
type Use struct {
	Ident *ast.Ident
	Arg   *ast.CallExpr // the call it is an argument of, if any
	reach bitset
	lit   *litInfo
}

// ReachedBy reports whether d's assignment reaches the use.
func (u Use) ReachedBy(d *Derivation) bool { return u.reach.has(d.id) }

// OnlyBy reports whether d's assignment alone reaches the use.
func (u Use) OnlyBy(d *Derivation) bool { return u.reach.equal(bitsetOf(d.id)) }

// Uses returns the uses of v, in source order.
func (h *Holdings) Uses(v *types.Var) []Use {
	if h.byVar == nil {
		h.byVar = make(map[*types.Var][]Use)
		for id, u := range h.uses {
			w, _ := h.env.info.Uses[id].(*types.Var)
			h.byVar[w] = append(h.byVar[w], Use{Ident: id, Arg: h.argOf[id], reach: u.defs, lit: u.lit})
		}
		for _, uses := range h.byVar {
			sort.Slice(uses, func(i, j int) bool { return uses[i].Ident.Pos() < uses[j].Ident.Pos() })
		}
	}
	return h.byVar[v]
}

// RunsAfter reports how a use runs relative to d's assignment, from the
// literals around it: deferred, it is in a literal deferred before the
// assignment in the same body (it runs when that body returns and reads
// the variable then); later, it is in a literal that may run at a time
// other than where it is defined (held, handed to a call, started with
// go, stored).
func (h *Holdings) RunsAfter(u Use, d *Derivation) (deferred, later bool) {
	body := h.scan.defs[d.id].lit
	for li := u.lit; li != nil && li != body; li = h.scan.lits[li.parent] {
		switch li.use {
		case RunsAtReturn:
			if li.parent == litOf(body) && li.lit.Pos() < d.Assign.Pos() {
				deferred = true
			}
		case RunsNow:
		default:
			later = true
		}
	}
	return deferred, later
}

// ReadLater returns, for a use of d.Var that d reaches, the literal around
// it, written in d's body, whose run may read the variable after another
// assignment to it: some literal on the way from the use up to d's body
// runs elsewhere than where it is written (RunsNow), and an assignment of
// the variable other than d may run after the literal is written, on
// some path (RULE v8: a rename never changes what a closure reads). Nil
// where there is none.
func (h *Holdings) ReadLater(u Use, d *Derivation) *ast.FuncLit {
	body := h.scan.defs[d.id].lit
	var top *litInfo
	elsewhere := false
	for li := u.lit; li != nil && li != body; li = h.scan.lits[li.parent] {
		elsewhere = elsewhere || li.use != RunsNow
		top = li
	}
	if top == nil || !elsewhere || litOf(body) != top.parent {
		return nil
	}
	for x, df := range h.scan.defs {
		if x != d.id && df.v == d.Var && h.before[x].has(top.index) {
			return top.lit
		}
	}
	return nil
}

func litOf(li *litInfo) *ast.FuncLit {
	if li == nil {
		return nil
	}
	return li.lit
}
