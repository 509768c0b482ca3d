package guardflow

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/cfg"

	"github.com/ctxnotify/ctxnotify-lint/internal/syntax"
)

// The holdings' dataflow over one body: a may-analysis over go/cfg's
// blocks, whose state no condition narrows, so that a block has one state
// out. Calls record their state; literals the state they capture.

// holdBody is one function body of the holdings: the outermost function
// or a literal in it.
type holdBody struct {
	h        *Holdings
	lit      *litInfo // nil for the outermost body
	graph    *cfg.CFG
	exit     *holdState                  // the union of the states where the body returns
	exits    []*holdState                // each of them, by block
	captures map[*ast.FuncLit]*holdState // the state each literal defined in the body captures

	deferredArgs map[*ast.CallExpr][]hval // the arguments of each deferred call, evaluated at its defer
}

// solve runs the dataflow from entry, then the literals defined in the
// body, each from what it captures.
func (b *holdBody) solve(entry *holdState, body *ast.BlockStmt) {
	h := b.h
	b.graph = cfg.New(body, h.env.mayReturn)
	b.captures = make(map[*ast.FuncLit]*holdState)
	b.deferredArgs = make(map[*ast.CallExpr][]hval)
	blocks := b.graph.Blocks
	in := make([]*holdState, len(blocks))
	in[0] = entry
	work := newWorklist(reversePostorder(b.graph))
	work.add(0)
	exits := make(map[int32]*holdState)
	for !work.empty() {
		blk := blocks[work.next()]
		ev := &holdEval{b: b, s: in[blk.Index]}
		if pos := blockStart(blk); pos.IsValid() {
			ev.prune(pos)
		}
		for _, n := range blk.Nodes {
			ev.node(n)
		}
		if len(blk.Succs) == 0 {
			exits[blk.Index] = ev.s
		}
		for _, succ := range blk.Succs {
			out := ev.s
			if r, ok := succ.Stmt.(*ast.RangeStmt); ok && succ.Kind == cfg.KindRangeBody {
				out = ev.with(out).rangeVars(r)
			}
			if cur := in[succ.Index]; cur == nil {
				in[succ.Index] = out
				work.add(succ.Index)
			} else if j, changed := cur.join(out, h.scan.defaults); changed {
				in[succ.Index] = j
				work.add(succ.Index)
			}
		}
	}
	for _, idx := range sortedKeys(exits) {
		s := exits[idx]
		b.exits = append(b.exits, s)
		if b.exit == nil {
			b.exit = s
		} else {
			b.exit, _ = b.exit.join(s, h.scan.defaults)
		}
	}
}

// prune drops what the state holds of the variables whose scope does not
// hold pos: out of scope, a variable can no longer be read, and a state
// stays as small as the variables in scope, however many a long function
// declares. A variable a literal captures is kept: the literal may read it
// when it runs, after its scope ends (a deferred one, at the return).
func (ev *holdEval) prune(pos token.Pos) {
	sc := ev.b.h.scan
	inScope := func(v *types.Var) bool {
		s := v.Parent()
		return s == nil || s.Pos() <= pos && pos < s.End() || sc.captured[v]
	}
	reach := ev.s.reach.prune(func(k int) bool { return inScope(sc.varOf[k]) })
	cancels := ev.s.cancels.prune(func(k int) bool { return inScope(sc.cancelOf[k]) })
	if len(reach) != len(ev.s.reach) || len(cancels) != len(ev.s.cancels) {
		s := ev.s.copy()
		s.reach, s.cancels = reach, cancels
		ev.s = s
	}
}

func sortedKeys(m map[int32]*holdState) []int32 {
	keys := make([]int32, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	return keys
}

// holdEval evaluates the nodes of a block, in order.
type holdEval struct {
	b *holdBody
	s *holdState
}

func (ev *holdEval) with(s *holdState) *holdEval { return &holdEval{b: ev.b, s: s} }

func (ev *holdEval) info() *types.Info { return ev.b.h.env.info }

// hval is what an expression gives a context: the defs whose contexts it
// may hold, or a context of another origin (opaque).
type hval struct {
	ctx    bool
	opaque bool
	src    bitset
	never  *ast.CallExpr // opaque: made by a call whose context no cancel reaches
}

func (ev *holdEval) node(n ast.Node) {
	switch n := n.(type) {
	case *ast.AssignStmt:
		ev.assign(n.Lhs, n.Rhs)
	case *ast.ValueSpec:
		lhs := make([]ast.Expr, len(n.Names))
		for i, id := range n.Names {
			lhs[i] = id
		}
		ev.assign(lhs, n.Values)
	case *ast.DeferStmt:
		ev.deferStmt(n)
	case *ast.GoStmt:
		ev.goStmt(n)
	case *ast.ExprStmt:
		ev.expr(n.X)
	case *ast.ReturnStmt:
		for _, r := range n.Results {
			ev.expr(r)
		}
	case *ast.SendStmt:
		ev.expr(n.Chan)
		ev.expr(n.Value)
	case *ast.IncDecStmt:
		ev.expr(n.X)
	case ast.Expr:
		ev.expr(n)
	}
}

// assign evaluates an assignment or declaration, then gives its context
// variables their defs. A derivation's context gets the derivation's
// def, and its canceller the derivation.
func (ev *holdEval) assign(lhs, rhs []ast.Expr) {
	for _, l := range lhs {
		if syntax.Ident(l) == nil {
			ev.expr(l)
		}
	}
	h := ev.b.h
	if len(rhs) == 1 && len(lhs) == 2 {
		if call, ok := ast.Unparen(rhs[0]).(*ast.CallExpr); ok {
			if d, ok := h.scan.callDef[call]; ok {
				parent := ev.call(call)
				ev.derive(d, parent.src, lhs[h.scan.defs[d].deriv.canceller])
				return
			}
		}
	}
	vals := make([]hval, len(rhs))
	for i, r := range rhs {
		vals[i] = ev.expr(r)
	}
	for i, l := range lhs {
		id := syntax.Ident(l)
		if id == nil {
			continue
		}
		d, ok := h.scan.nameDef[id]
		if !ok {
			continue
		}
		v := hval{opaque: true}
		if len(lhs) == len(rhs) && vals[i].ctx {
			v = vals[i]
		}
		ev.store(d, v)
	}
}

// store gives def d's variable d, which holds what v holds.
func (ev *holdEval) store(d int, v hval) {
	h := ev.b.h
	h.wroteBefore(d, ev.s)
	df := &h.scan.defs[d]
	switch {
	case df.kind == opaqueDef:
	case v.opaque || !v.ctx:
		df.kind = opaqueDef
		df.never = v.never
	default:
		df.sources = df.sources.union(v.src)
	}
	ev.setReach(df.v, bitsetOf(d))
}

// setReach makes defs the defs that reach v, unless the analysis cannot
// follow v.
func (ev *holdEval) setReach(v *types.Var, defs bitset) {
	h := ev.b.h
	i, ok := h.scan.vars[v]
	if !ok || h.env.escaping[v] {
		return
	}
	s := ev.s.copy()
	s.reach = s.reach.put(i, defs)
	ev.s = s
}

// derive runs derivation d, made from a context of the defs parent: its
// context is new and not cancelled; whoever its canceller is handed to
// may cancel it.
func (ev *holdEval) derive(d int, parent bitset, cancellerExpr ast.Expr) {
	h := ev.b.h
	h.wroteBefore(d, ev.s)
	df := &h.scan.defs[d]
	df.sources = df.sources.union(parent)
	s := ev.s.copy()
	// A derivation run again (in a loop) keeps what was cancelled of the
	// contexts it made before: a variable may still hold one, and to take
	// its new context for cancelled too only makes the fix check its
	// parent.
	s.ran = s.ran.with(d)
	s.live = s.live.with(d)
	s.eachDeferred(func(l *deferredLit) { l.pending = l.pending.with(d) })
	ev.s = s
	if df.v != nil {
		ev.setReach(df.v, bitsetOf(d))
	}
	id := syntax.Ident(cancellerExpr)
	if id != nil && id.Name == "_" {
		return
	}
	if id != nil {
		if v, ok := ev.info().ObjectOf(id).(*types.Var); ok {
			if c, ok := h.scan.cancellers[v]; ok && !h.env.escaping[v] && isLocal(v) {
				s := ev.s.copy()
				s.cancels = s.cancels.put(c, bitsetOf(d))
				ev.s = s
				return
			}
		}
	}
	ev.cancel(bitsetOf(d), false) // stored where the analysis does not follow it
}

// cancel records that the code cancels the derivations set: for certain
// (must) when a cancel function is called, else perhaps (handed on, a
// group started).
func (ev *holdEval) cancel(set bitset, must bool) {
	if set.empty() {
		return
	}
	s := ev.s.copy()
	s.cancelled = s.cancelled.union(set)
	if must {
		s.live = s.live.minus(set)
		s.eachDeferred(func(l *deferredLit) { l.pending = l.pending.minus(set) })
	}
	ev.s = s
}

// deferCancel records a cancel deferred now: it runs before every
// literal deferred earlier.
func (ev *holdEval) deferCancel(set bitset, except int) {
	if set.empty() || len(ev.s.deferred) == 0 {
		return
	}
	s := ev.s.copy()
	s.eachDeferred(func(l *deferredLit) {
		if l.lit != except {
			l.after = l.after.union(set)
			l.pending = l.pending.minus(set)
		}
	})
	ev.s = s
}

// canceller returns what the canceller id names may hold.
func (ev *holdEval) canceller(id *ast.Ident) (bitset, bool) {
	v, ok := ev.info().Uses[id].(*types.Var)
	if !ok {
		return nil, false
	}
	c, ok := ev.b.h.scan.cancellers[v]
	if !ok {
		return nil, false
	}
	return ev.s.cancels.get(c, nil), true
}

// deferStmt evaluates a defer statement's operands now; its call runs
// when the function returns. A deferred cancel runs before the literals
// deferred earlier; a deferred literal is registered, with what it
// cancels as a deferred cancel.
func (ev *holdEval) deferStmt(n *ast.DeferStmt) {
	call := n.Call
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		if set, ok := ev.canceller(fun); ok {
			ev.args(call)
			ev.deferCancel(set, -1)
			return
		}
	case *ast.SelectorExpr:
		if id := syntax.Ident(fun.X); id != nil {
			if set, ok := ev.canceller(id); ok {
				ev.args(call)
				if may, _ := groupMethodCancels(fun.Sel.Name); may {
					ev.deferCancel(set, -1)
				}
				return
			}
		}
	case *ast.FuncLit:
		ev.args(call)
		ev.write(fun)
		k := ev.b.h.scan.deferIndex[call]
		ev.deferCancel(ev.cancellersOf(ev.b.h.scan.lits[fun]), k)
		ev.register(k)
		return
	}
	// Another call: its operands now, the call itself when the function
	// returns, recorded then.
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.SelectorExpr:
		ev.expr(fun.X)
	case *ast.Ident:
	default:
		ev.expr(fun)
	}
	k := ev.b.h.scan.deferIndex[call]
	ev.b.deferredArgs[call] = ev.args(call)
	for _, a := range call.Args {
		lit, ok := ast.Unparen(a).(*ast.FuncLit)
		if !ok {
			continue
		}
		// A literal the deferred call runs runs when the function returns,
		// like a deferred literal; any other may run at any time from now.
		if li := ev.b.h.scan.lits[lit]; li != nil && li.use == RunsAtReturn {
			ev.write(lit)
			ev.deferCancel(ev.cancellersOf(li), k)
		} else {
			ev.literal(lit)
		}
	}
	ev.register(k)
}

// register records that the deferred call k was deferred here: the cancels
// deferred from now on run before it.
func (ev *holdEval) register(k int) {
	s := ev.s.copy()
	i := 0
	for i < len(s.deferred) && s.deferred[i].lit < k {
		i++
	}
	if i < len(s.deferred) && s.deferred[i].lit == k {
		cur := s.deferred[i]
		s.deferred = withDeferred(s.deferred, i, deferredLit{lit: k, after: cur.after, pending: cur.pending.union(s.live)}, true)
	} else {
		s.deferred = withDeferred(s.deferred, i, deferredLit{lit: k, pending: s.live}, false)
	}
	ev.s = s
}

// goStmt evaluates a go statement's operands now; its call runs beside
// the function: a canceller it calls or is handed may be called.
func (ev *holdEval) goStmt(n *ast.GoStmt) {
	call := n.Call
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		if set, ok := ev.canceller(fun); ok {
			ev.args(call)
			ev.cancel(set, false)
			return
		}
	case *ast.FuncLit:
		ev.args(call)
		ev.literal(fun)
		return
	}
	ev.call(call)
}

// write records that lit's definition has been evaluated: from here on
// an assignment may change what it reads when it runs.
func (ev *holdEval) write(lit *ast.FuncLit) {
	li := ev.b.h.scan.lits[lit]
	if li == nil || ev.s.written.has(li.index) {
		return
	}
	s := ev.s.copy()
	s.written = s.written.with(li.index)
	ev.s = s
}

// cancellersOf returns the derivations that the cancellers a literal
// refers to may hold.
func (ev *holdEval) cancellersOf(li *litInfo) bitset {
	var set bitset
	for _, c := range li.cancellers {
		set = set.union(ev.s.cancels.get(c, nil))
	}
	return set
}

// args evaluates a call's arguments, and returns their values.
func (ev *holdEval) args(call *ast.CallExpr) []hval {
	vals := make([]hval, len(call.Args))
	for i, a := range call.Args {
		if lit, ok := ast.Unparen(a).(*ast.FuncLit); ok {
			_ = lit // handed to the call: captured once the call has been made
			continue
		}
		vals[i] = ev.expr(a)
		if id := syntax.Ident(a); id != nil && vals[i].ctx {
			ev.b.h.argOf[id] = call
		}
	}
	return vals
}

// call evaluates a call: its function and arguments, then the call itself
// (recorded), then what it does to cancellers; it returns the context it
// returns, if any.
func (ev *holdEval) call(call *ast.CallExpr) hval {
	info := ev.info()
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() { // a conversion
		var v hval
		for _, a := range call.Args {
			v = ev.expr(a)
		}
		return v
	}
	var effect func()
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		if set, ok := ev.canceller(fun); ok {
			effect = func() { ev.cancel(set, true) }
		}
	case *ast.SelectorExpr:
		if id := syntax.Ident(fun.X); id != nil {
			if set, ok := ev.canceller(id); ok {
				may, must := groupMethodCancels(fun.Sel.Name)
				if may {
					effect = func() { ev.cancel(set, must) }
				}
				break
			}
		}
		ev.expr(fun.X)
	case *ast.FuncLit:
	default:
		ev.expr(fun)
	}
	vals := ev.args(call)
	ev.b.h.record(call, ev.s, vals)
	if effect != nil {
		effect()
	}
	for _, a := range call.Args {
		if lit, ok := ast.Unparen(a).(*ast.FuncLit); ok {
			ev.literal(lit)
		}
	}
	if lit, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
		ev.literal(lit)
	}
	return ev.result(call, vals)
}

// result is the context a call returns: a derivation's (its assignment
// gives it its def), one derived from its context arguments by a function
// that does not cancel it (ctrl.LoggerInto(ctx, log)), or one of another
// origin.
func (ev *holdEval) result(call *ast.CallExpr, vals []hval) hval {
	env := ev.b.h.env
	if _, ok := ev.b.h.scan.callDef[call]; ok { // its parent: what its context arguments hold
		var parent bitset
		for _, v := range vals {
			if v.ctx && !v.opaque {
				parent = parent.union(v.src)
			}
		}
		return hval{ctx: true, src: parent}
	}
	if env.recorded(call)&contextResult == 0 {
		return hval{}
	}
	if ShutdownNeverCancels(env.info, call) {
		return hval{ctx: true, opaque: true, never: call}
	}
	var src bitset
	any := false
	for _, v := range vals {
		if v.ctx && !v.opaque {
			src = src.union(v.src)
			any = true
		}
	}
	if !any {
		return hval{ctx: true, opaque: true}
	}
	return hval{ctx: true, src: src}
}

// literal records the state a literal captures where it is defined, then
// what the cancellers it refers to may do: a literal deferred is handled
// by its defer statement; any other may call or hand on what it refers to
// from here on.
func (ev *holdEval) literal(lit *ast.FuncLit) {
	b := ev.b
	ev.write(lit)
	b.captures[lit] = ev.s
	li := b.h.scan.lits[lit]
	if li == nil || li.use == RunsAtReturn {
		return
	}
	ev.cancel(ev.cancellersOf(li), false)
}

// expr evaluates an expression and returns what it gives a context.
func (ev *holdEval) expr(e ast.Expr) hval {
	switch e := e.(type) {
	case nil:
		return hval{}
	case *ast.ParenExpr:
		return ev.expr(e.X)
	case *ast.Ident:
		return ev.ident(e)
	case *ast.FuncLit:
		ev.literal(e)
		return hval{}
	case *ast.CallExpr:
		return ev.call(e)
	case *ast.SelectorExpr:
		ev.expr(e.X)
	default:
		for _, c := range children(e) {
			ev.expr(c)
		}
	}
	if IsContext(ev.info().TypeOf(e)) {
		return hval{ctx: true, opaque: true}
	}
	return hval{}
}

// ident is what a name gives: the defs that reach a context variable
// (recorded at the use), or a canceller handed on as a value.
func (ev *holdEval) ident(id *ast.Ident) hval {
	h := ev.b.h
	v, ok := ev.info().Uses[id].(*types.Var)
	if !ok {
		return hval{}
	}
	if IsContext(v.Type()) {
		i, tracked := h.scan.vars[v]
		switch {
		case tracked:
			defs := ev.s.reach.get(i, h.scan.defaults)
			h.uses[id] = use{defs: defs, lit: ev.b.lit}
			return hval{ctx: true, src: defs}
		case !isLocal(v):
			return hval{ctx: true, opaque: true}
		}
		return hval{ctx: true, src: bitsetOf(unknown)}
	}
	if set, ok := ev.canceller(id); ok {
		ev.cancel(set, false) // handed on: whoever gets it may call it
	}
	return hval{}
}

// rangeVars gives the context variables a range statement declares or
// assigns a context of another origin on entry to each iteration.
func (ev *holdEval) rangeVars(r *ast.RangeStmt) *holdState {
	for _, x := range []ast.Expr{r.Key, r.Value} {
		if id := syntax.Ident(x); id != nil {
			if d, ok := ev.b.h.scan.nameDef[id]; ok {
				ev.store(d, hval{opaque: true})
			}
		}
	}
	return ev.s
}
