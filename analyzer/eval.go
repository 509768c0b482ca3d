package analyzer

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"
)

// The transfer functions of the guard dataflow: each node of a block is
// evaluated in Go's evaluation order (operands left to right, a call after
// its function and arguments, the right operand of && and || only on the
// outcome that evaluates it), so that a call is seen with the state that
// holds when it is made.

// transfer runs block b from state in and returns the state on each edge
// out of b. With rec, it records what holds at calls, literals and checks.
func (fa *funcAnalysis) transfer(b *cfg.Block, in *state, rec *recording) []*state {
	ev := &evaluator{fa: fa, s: in.clone(), rec: rec}
	if len(b.Nodes) > 0 {
		ev.s.vars.prune(fa.vars, b.Nodes[0].Pos())
	}
	nodes := b.Nodes
	cond := fa.condition(b)
	if cond != nil {
		nodes = nodes[:len(nodes)-1]
	}
	for _, n := range nodes {
		ev.node(n)
	}
	outs := make([]*state, len(b.Succs))
	if cond != nil {
		ev.cond = cond
		if tag, ok := fa.caseTags[cond]; ok {
			outs[0], outs[1] = ev.caseBranch(tag, cond)
		} else {
			outs[0], outs[1] = ev.branch(cond)
		}
	} else {
		for i := range outs {
			outs[i] = ev.s
		}
	}
	for i, succ := range b.Succs {
		if e, ok := fa.selects[succ]; ok {
			outs[i] = ev.with(outs[i]).selectArm(e)
		}
		if r, ok := succ.Stmt.(*ast.RangeStmt); ok && succ.Kind == cfg.KindRangeBody {
			outs[i] = ev.with(outs[i]).rangeVars(r)
		}
	}
	return outs
}

// condition returns the condition that ends block b, if any: go/cfg ends
// the blocks of if, for and switch-case tests with it.
func (fa *funcAnalysis) condition(b *cfg.Block) ast.Expr {
	if len(b.Succs) != 2 || len(b.Nodes) == 0 {
		return nil
	}
	cond, ok := b.Nodes[len(b.Nodes)-1].(ast.Expr)
	if !ok {
		return nil
	}
	switch b.Succs[0].Kind {
	case cfg.KindIfThen, cfg.KindForBody, cfg.KindSwitchCaseBody:
		return cond
	}
	return nil
}

// evaluator evaluates the nodes of a block from a state. A nil state is
// unreachable: nothing is evaluated or recorded.
type evaluator struct {
	fa   *funcAnalysis
	s    *state
	rec  *recording // non-nil on the recording sweep
	cond ast.Expr   // the block's condition, while it is evaluated
}

func (ev *evaluator) with(s *state) *evaluator {
	c := *ev
	c.s = s
	return &c
}

func (ev *evaluator) info() *types.Info { return ev.fa.env.info }

// node evaluates one node of a block: a simple statement, a ValueSpec, or
// an expression (a switch tag, a range operand).
func (ev *evaluator) node(n ast.Node) {
	if ev.s == nil {
		return
	}
	switch n := n.(type) {
	case *ast.AssignStmt:
		ev.assign(n.Lhs, n.Rhs, n.Tok)
	case *ast.ValueSpec:
		if len(n.Values) == 0 {
			for _, id := range n.Names {
				ev.store(id, value{kind: isContext, use: mayBeUnusable}) // the zero value: nil
			}
			return
		}
		lhs := make([]ast.Expr, len(n.Names))
		for i, id := range n.Names {
			lhs[i] = id
		}
		ev.assign(lhs, n.Values, token.DEFINE)
	case *ast.ExprStmt:
		ev.expr(n.X)
	case *ast.DeferStmt:
		ev.operands(n.Call)
		ev.recordCallAt(n.Call, anyState) // it runs when the function returns
	case *ast.GoStmt:
		ev.operands(n.Call)
		ev.recordCall(n.Call)
	case *ast.ReturnStmt:
		ev.returns(n)
	case *ast.SendStmt:
		ev.expr(n.Chan)
		ev.expr(n.Value)
	case *ast.IncDecStmt:
		ev.expr(n.X)
	case ast.Expr:
		ev.expr(n)
	}
}

// returns evaluates a return statement's results; for a guard function
// candidate it records what a true and a false result tell.
func (ev *evaluator) returns(n *ast.ReturnStmt) {
	if !ev.fa.opts.summarizeReturns {
		for _, r := range n.Results {
			ev.expr(r)
		}
		return
	}
	if len(n.Results) != 1 {
		if ev.rec != nil {
			ev.rec.result.returnsKnown = false
		}
		return
	}
	t, f := ev.branch(n.Results[0])
	if ev.rec != nil {
		if t != nil {
			ev.rec.result.returns.ifTrue |= t.ctx
		}
		if f != nil {
			ev.rec.result.returns.ifFalse |= f.ctx
		}
	}
	ev.s = join(t, f)
}

// assign evaluates an assignment: the operands on the left, then the
// values on the right, left to right; then it stores them.
func (ev *evaluator) assign(lhs, rhs []ast.Expr, tok token.Token) {
	for _, l := range lhs {
		if identOf(l) == nil {
			ev.expr(l)
		}
	}
	switch {
	case tok != token.ASSIGN && tok != token.DEFINE: // x op= y
		for i := range lhs {
			ev.expr(rhs[i])
			ev.store(lhs[i], value{})
		}
	case len(lhs) == len(rhs):
		vals := make([]value, len(rhs))
		for i, r := range rhs {
			vals[i] = ev.expr(r)
		}
		for i, l := range lhs {
			ev.store(l, vals[i])
		}
	default: // a, b := f()
		v := ev.expr(rhs[0])
		for i, l := range lhs {
			if i == 0 && v.kind == isContext {
				ev.store(l, v)
			} else {
				ev.store(l, value{})
			}
		}
	}
}

// store gives a tracked variable a value. A context variable given
// anything but a context value holds one shutdown may cancel.
func (ev *evaluator) store(l ast.Expr, v value) {
	if ev.s == nil {
		return
	}
	id := identOf(l)
	if id == nil {
		return
	}
	obj, ok := ev.info().ObjectOf(id).(*types.Var)
	if !ok {
		return
	}
	j, tracked := ev.fa.varIndex[obj]
	if !tracked {
		return
	}
	if ev.fa.isCtx[j] {
		use := v.use
		if v.kind != isContext || use == 0 {
			use = mayBeUsable
		}
		ev.s.vars.set(j, varFact{use: use})
		return
	}
	switch v.kind {
	case isCheck, isContextErr:
		ev.s.vars.set(j, varFact{val: v})
	default:
		ev.s.vars.set(j, varFact{})
	}
}

// expr evaluates an expression and returns what is known of its value.
func (ev *evaluator) expr(e ast.Expr) value {
	if ev.s == nil {
		return value{}
	}
	switch e := e.(type) {
	case *ast.ParenExpr:
		return ev.expr(e.X)
	case *ast.Ident:
		return ev.ident(e)
	case *ast.BasicLit:
		return value{}
	case *ast.FuncLit:
		ev.literal(e)
		return value{}
	case *ast.CallExpr:
		return ev.call(e)
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND, token.LOR:
			return ev.boolValue(e)
		case token.EQL, token.NEQ:
			vx, vy := ev.expr(e.X), ev.expr(e.Y)
			return comparison(ev.info(), e.X, e.Y, vx, vy, e.Op)
		}
		ev.expr(e.X)
		ev.expr(e.Y)
		return value{}
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return ev.boolValue(e)
		}
		ev.expr(e.X)
		return value{}
	case *ast.SelectorExpr:
		if id := identOf(e.X); id != nil {
			if _, isPkg := ev.info().Uses[id].(*types.PkgName); isPkg {
				return ev.ident(e.Sel)
			}
		}
		ev.expr(e.X)
		return ev.opaque(e)
	case *ast.KeyValueExpr:
		ev.expr(e.Value)
		return value{}
	}
	for _, c := range children(e) {
		ev.expr(c)
	}
	return ev.opaque(e)
}

// opaque is the value of an expression the analysis does not follow: a
// context of unknown origin counts as one shutdown may cancel.
func (ev *evaluator) opaque(e ast.Expr) value {
	if isContextType(ev.info().TypeOf(e)) {
		return value{kind: isContext, use: mayBeUsable}
	}
	return value{}
}

// ident is the value of a variable: what a tracked one holds; a
// package-level context is never one shutdown cancels.
func (ev *evaluator) ident(id *ast.Ident) value {
	obj := ev.info().Uses[id]
	if obj == nil {
		obj = ev.info().Defs[id]
	}
	switch obj := obj.(type) {
	case *types.Nil:
		return value{kind: isContext, use: mayBeUnusable}
	case *types.Var:
		if j, ok := ev.fa.varIndex[obj]; ok {
			if ev.fa.isCtx[j] {
				return value{kind: isContext, use: ev.s.vars.get(j).use}
			}
			return ev.s.vars.get(j).val
		}
		if isContextType(obj.Type()) {
			if obj.Parent() == ev.fa.env.pkg.Scope() || obj.Parent() == nil {
				return value{kind: isContext, use: mayBeUnusable}
			}
			return value{kind: isContext, use: mayBeUsable}
		}
	}
	return value{}
}

// boolValue evaluates a boolean expression with && || or ! outside a
// condition: the right operand only where it is evaluated. The value is a
// check when its outcomes tell different things.
func (ev *evaluator) boolValue(e ast.Expr) value {
	t, f := ev.branch(e)
	ev.s = join(t, f)
	if t != nil && f != nil && t.ctx != f.ctx {
		return value{kind: isCheck, out: outcomes{t.ctx, f.ctx}, origin: e}
	}
	return value{}
}

// literal records what context variables a function literal sees where it
// is defined.
func (ev *evaluator) literal(lit *ast.FuncLit) {
	if ev.rec == nil {
		return
	}
	seen := make(map[*types.Var]usability, len(ev.fa.ctxIdx))
	for k, j := range ev.fa.ctxIdx {
		seen[ev.fa.ctxVars[k]] = ev.s.vars.get(j).use
	}
	ev.rec.result.literals[lit] = seen
}

// operands evaluates what a call evaluates before it runs: the function
// (with its receiver) and the arguments.
func (ev *evaluator) operands(call *ast.CallExpr) (recv value, args []value) {
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.SelectorExpr:
		if id := identOf(fun.X); id == nil || !isPkgName(ev.info(), id) {
			recv = ev.expr(fun.X)
		}
	case *ast.Ident:
	case *ast.IndexExpr:
		ev.expr(fun.X)
	case *ast.IndexListExpr:
		ev.expr(fun.X)
	default:
		ev.expr(fun)
	}
	args = make([]value, len(call.Args))
	for i, a := range call.Args {
		args[i] = ev.expr(a)
	}
	return recv, args
}

func isPkgName(info *types.Info, id *ast.Ident) bool {
	_, ok := info.Uses[id].(*types.PkgName)
	return ok
}

// call evaluates a call: operands, then the call itself, whose state is
// recorded; then its effect (a context-consuming call makes the checks
// stale) and its value.
func (ev *evaluator) call(call *ast.CallExpr) value {
	info := ev.info()
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() { // a conversion
		var v value
		for _, a := range call.Args {
			v = ev.expr(a)
		}
		return v
	}
	recv, args := ev.operands(call)
	if ev.s == nil {
		return value{}
	}
	ev.recordCall(call)
	if name, ok := contextCall(info, call); ok {
		return ev.contextFunc(call, name, recv, args)
	}
	if fn := calleeFunc(info, call); fn != nil {
		if ev.fa.env.forwarders.isErrorsIs(fn) && len(args) == 2 {
			return errorsIs(info, call, args[0])
		}
		if g, ok := ev.fa.env.guards.of(fn); ok {
			if g.Param < len(args) && args[g.Param].use.usable() {
				return value{kind: isCheck, out: g.outcomes(), origin: call}
			}
			return value{}
		}
	}
	if ev.consumes(call, args) {
		ev.consume(call)
	}
	if isContextType(resultType(info, call)) {
		return value{kind: isContext, use: derivedUsability(contextArgs(info, call, args))}
	}
	return value{}
}

// contextFunc is the value of a call of package context: a context's
// error, a context that shutdown never reaches, or one derived from its
// arguments.
func (ev *evaluator) contextFunc(call *ast.CallExpr, name string, recv value, args []value) value {
	info := ev.info()
	if _, ok := contextErrOf(info, call); ok {
		ctx := recv
		if name == "Cause" {
			ctx = args[0]
		}
		if ctx.use.usable() {
			return value{kind: isContextErr, origin: call}
		}
		return value{}
	}
	if !isContextType(resultType(info, call)) {
		return value{}
	}
	if neverCanceledMaker(name) {
		return value{kind: isContext, use: mayBeUnusable}
	}
	return value{kind: isContext, use: derivedUsability(contextArgs(info, call, args))}
}

// contextArgs returns the usability of a call's context arguments.
func contextArgs(info *types.Info, call *ast.CallExpr, args []value) []usability {
	var out []usability
	for i, a := range call.Args {
		if isContextType(info.TypeOf(a)) {
			out = append(out, args[i].use)
		}
	}
	return out
}

// consumes reports whether a call is context-consuming: handed a usable
// context, it returns an error, so it can fail with "context canceled".
func (ev *evaluator) consumes(call *ast.CallExpr, args []value) bool {
	sig, ok := ev.info().TypeOf(call.Fun).Underlying().(*types.Signature)
	if !ok || !returnsError(sig) {
		return false
	}
	for _, u := range contextArgs(ev.info(), call, args) {
		if u.inHand() {
			return true
		}
	}
	return false
}

// consume makes every check stale: what they told no longer holds.
func (ev *evaluator) consume(call *ast.CallExpr) {
	s := ev.s
	s.ctx = anyState
	if (s.why.check != nil || s.why.entry) && s.why.staleAt == nil {
		s.why.staleAt = call
	}
	for i := range s.vars {
		v := &s.vars[i].fact.val
		if v.kind == isCheck || v.kind == isContextErr {
			v.stale = true
			if v.staleAt == nil {
				v.staleAt = call
			}
		}
	}
}

func (ev *evaluator) recordCall(call *ast.CallExpr) { ev.recordCallAt(call, ev.s.ctx) }

func (ev *evaluator) recordCallAt(call *ast.CallExpr, ctx ctxStates) {
	if ev.rec == nil || ev.s == nil {
		return
	}
	facts := &callFacts{ctx: ctx, vars: ev.fa.ctxVars, use: make([]usability, len(ev.fa.ctxIdx))}
	for k, j := range ev.fa.ctxIdx {
		facts.use[k] = ev.s.vars.get(j).use
	}
	if ev.rec.witnesses && ctx == ev.s.ctx {
		facts.why = ev.s.why
	}
	ev.rec.result.calls[call] = facts
}

// branch evaluates a condition and returns the states on its true and
// false outcomes (nil where an outcome cannot happen).
func (ev *evaluator) branch(e ast.Expr) (t, f *state) {
	if ev.s == nil {
		return nil, nil
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if x.Op == token.NOT {
			t, f = ev.branch(x.X)
			return f, t
		}
	case *ast.BinaryExpr:
		switch x.Op {
		case token.LAND:
			tx, fx := ev.branch(x.X)
			ty, fy := ev.with(tx).branch(x.Y)
			return ty, join(fx, fy)
		case token.LOR:
			tx, fx := ev.branch(x.X)
			ty, fy := ev.with(fx).branch(x.Y)
			return join(tx, ty), fy
		}
	}
	if tv, ok := ev.info().Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.Bool {
		if constant.BoolVal(tv.Value) {
			return ev.s, nil
		}
		return nil, ev.s
	}
	return ev.split(e, ev.expr(e))
}

// caseBranch evaluates the case expression of a tagged switch: the tag,
// evaluated before, is compared with it.
func (ev *evaluator) caseBranch(tag, caseExpr ast.Expr) (t, f *state) {
	if ev.s == nil {
		return nil, nil
	}
	vt := ev.peek(tag)
	vc := ev.expr(caseExpr)
	return ev.split(caseExpr, comparison(ev.info(), tag, caseExpr, vt, vc, token.EQL))
}

// peek is the value of an expression already evaluated: a variable, or a
// context's error.
func (ev *evaluator) peek(e ast.Expr) value {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return ev.ident(e)
	case *ast.CallExpr:
		if ctx, ok := contextErrOf(ev.info(), e); ok && ev.peek(ctx).use.usable() {
			return value{kind: isContextErr, origin: e}
		}
	}
	return ev.opaque(e)
}

// split returns the states on the outcomes of an atom of a condition
// whose value is v.
func (ev *evaluator) split(atom ast.Expr, v value) (t, f *state) {
	t, f = ev.s, ev.s.clone()
	switch {
	case v.kind == isCheck:
		narrow(t, v.out.ifTrue, atom, v)
		narrow(f, v.out.ifFalse, atom, v)
		ev.recordCheck(atom, v)
	case v.errTest:
		if v.out.ifTrue.notCanceled() {
			t.why.errTest = atom
		} else {
			f.why.errTest = atom
		}
	}
	return t, f
}

// narrow applies one outcome of a check to s: a fresh check tells the
// states; a stale one only explains.
func narrow(s *state, set ctxStates, atom ast.Expr, v value) {
	check := v.origin
	if check == nil {
		check = atom
	}
	if !v.stale {
		s.ctx &= set
	}
	switch {
	case !set.notCanceled():
		if set.informative() {
			s.why = witness{cancelled: check, errTest: s.why.errTest}
		}
	case !v.stale:
		s.why = witness{check: check, errTest: s.why.errTest}
	default:
		s.why = witness{check: check, staleAt: v.staleAt, errTest: s.why.errTest}
	}
}

func (ev *evaluator) recordCheck(atom ast.Expr, v value) {
	if ev.rec == nil || v.stale {
		return
	}
	cond := ev.cond
	if cond == nil {
		cond = atom
	}
	ev.rec.result.checks = append(ev.rec.result.checks, checkAt{cond: cond, atom: atom, out: v.out})
}

// selectArm applies what entering a select arm tells: the arm receiving
// from ctx.Done() means done, the default arm means not done.
func (ev *evaluator) selectArm(e selectEdge) *state {
	if ev.s == nil || !ev.peek(e.ctx).use.usable() {
		return ev.s
	}
	s := ev.s.clone()
	s.ctx &= e.states
	if e.states.notCanceled() {
		s.why = witness{check: e.check, errTest: s.why.errTest}
	} else {
		s.why = witness{cancelled: e.check, errTest: s.why.errTest}
	}
	return s
}

// rangeVars gives the tracked variables a range statement assigns an
// unknown value on entry to each iteration.
func (ev *evaluator) rangeVars(r *ast.RangeStmt) *state {
	if ev.s == nil || r.Tok == token.ILLEGAL {
		return ev.s
	}
	c := ev.with(ev.s.clone())
	for _, e := range []ast.Expr{r.Key, r.Value} {
		if e != nil {
			c.store(e, ev.opaque(e))
		}
	}
	return c.s
}

// join is the must-join of two outcome states (nil: cannot happen).
func join(a, b *state) *state {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	j := a.clone()
	j.joinMust(b)
	j.joinWhy(b)
	return j
}

// children returns the direct sub-expressions of e, in source order.
func children(e ast.Expr) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(e, func(n ast.Node) bool {
		if n == e {
			return true
		}
		if c, ok := n.(ast.Expr); ok {
			out = append(out, c)
		}
		return false
	})
	return out
}
