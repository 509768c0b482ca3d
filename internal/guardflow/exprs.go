package guardflow

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/ctxnotify/ctxnotify-lint/internal/syntax"
)

// The values of expressions, evaluated in order, and the effects of
// calls: a context-consuming call makes the checks stale.

// expr evaluates an expression and returns what is known of its value.
func (ev *evaluator) expr(e ast.Expr) value {
	ev.fa.evaluated++
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
			return comparison(ev.fa.env, e.X, e.Y, vx, vy, e.Op)
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
		// Its value is its type's: for a qualified identifier, what the
		// identifier's object tells too. An identifier operand changes
		// nothing when evaluated.
		if syntax.Ident(e.X) == nil {
			ev.expr(e.X)
		}
		return ev.opaque(e)
	case *ast.KeyValueExpr:
		ev.expr(e.Value)
		return value{}
	case *ast.CompositeLit:
		for _, elt := range e.Elts {
			ev.expr(elt)
		}
		return ev.opaque(e)
	case *ast.IndexExpr:
		ev.expr(e.X)
		ev.expr(e.Index)
		return ev.opaque(e)
	case *ast.StarExpr:
		ev.expr(e.X)
		return ev.opaque(e)
	case *ast.TypeAssertExpr:
		ev.expr(e.X)
		return ev.opaque(e)
	}
	for _, c := range children(e) {
		ev.expr(c)
	}
	return ev.opaque(e)
}

// opaque is the value of an expression the analysis does not follow: a
// context of unknown origin counts as one shutdown may cancel, one read
// from a struct field also as one that no check tests.
func (ev *evaluator) opaque(e ast.Expr) value {
	switch t := ev.fa.env.typeOf(e); {
	case t&contextField != 0:
		return value{kind: isContext, use: mayBeUsable | inField}
	case t&contextType != 0:
		return value{kind: isContext, use: mayBeUsable}
	}
	return value{}
}

// ident is the value of a variable: what a tracked one holds; a
// package-level context is never one shutdown cancels.
func (ev *evaluator) ident(id *ast.Ident) value {
	switch obj := ev.fa.env.objectOf(id).(type) {
	case *types.Nil:
		return value{kind: isContext, use: mayBeUnusable}
	case *types.Var:
		if j, ok := ev.fa.varIndex[obj]; ok {
			if j < ev.fa.nctx {
				return value{kind: isContext, use: ev.s.get(j).use}
			}
			return ev.s.get(j).val
		}
		if IsContext(obj.Type()) {
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
		return value{kind: isCheck, out: Outcomes{t.ctx, f.ctx}, origin: e}
	}
	return value{}
}

// literal records what context variables a function literal sees where it
// is defined.
func (ev *evaluator) literal(lit *ast.FuncLit) {
	if ev.rec == nil {
		return
	}
	seen := make(map[*types.Var]Usability)
	ev.contexts(func(j int) { seen[ev.fa.vars[j]] = ev.s.get(j).use })
	ev.rec.result.Literals[lit] = seen
}

// contexts calls f with the index of each context variable that may hold
// something at this point, in index order: those that do on entry
// (parameters, captured variables), and those the state says do. The
// others hold nothing (a local not yet assigned, or out of scope: the
// state forgets those), and are left out, so that what is recorded at a
// call grows with the variables in hand, not with all a long function
// declares.
func (ev *evaluator) contexts(f func(j int)) {
	entry, vars, nctx := ev.fa.inHand, ev.s.vars, ev.fa.nctx
	for len(entry) > 0 || len(vars) > 0 && vars[0].idx < nctx {
		switch {
		case len(vars) == 0 || vars[0].idx >= nctx || len(entry) > 0 && entry[0] < vars[0].idx:
			f(entry[0])
			entry = entry[1:]
		case len(entry) == 0 || vars[0].idx < entry[0]:
			f(vars[0].idx)
			vars = vars[1:]
		default:
			f(entry[0])
			entry, vars = entry[1:], vars[1:]
		}
	}
}

// operands is what a call's operands told, kept without allocating: the
// receiver, the first argument, the first arguments' usability, and the
// context arguments in sum.
type operands struct {
	recv, first value
	uses        [8]Usability
	contexts    contextArgs
	requestArgs uint64 // bit i: context argument i is RequestOnly (the first 64)
}

// contextArgs sums up a call's context arguments.
type contextArgs struct {
	n           int
	inHand      bool // one of them may be usable
	allUnusable bool // every one of them may be unusable
	request     bool // one of them may be a request's context
}

// derived is the usability of a context returned by the call: usable when
// one of its context arguments may be, or when it is handed none; unusable
// when every one may be unusable; a request's when one may be
// (log.IntoContext(r.Context(), l)).
func (c contextArgs) derived() Usability {
	if c.n == 0 {
		return mayBeUsable
	}
	var u Usability
	if c.inHand {
		u |= mayBeUsable
	}
	if c.allUnusable {
		u |= mayBeUnusable
	}
	if c.request {
		u |= fromRequest
	}
	return u
}

// operands evaluates what a call evaluates before it runs: the function
// (with its receiver) and the arguments.
func (ev *evaluator) operands(call *ast.CallExpr, sh *callShape) operands {
	var ops operands
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.SelectorExpr:
		if !sh.skipRecv {
			ops.recv = ev.expr(fun.X) // a package name's value tells nothing
		}
	case *ast.Ident:
	case *ast.IndexExpr:
		ev.expr(fun.X)
	case *ast.IndexListExpr:
		ev.expr(fun.X)
	default:
		ev.expr(fun)
	}
	ops.contexts.allUnusable = true
	for i, a := range call.Args {
		if i < 64 && sh.skipArgs&(1<<i) != 0 {
			continue
		}
		v := ev.expr(a)
		if i == 0 {
			ops.first = v
		}
		if i < len(ops.uses) {
			ops.uses[i] = v.use
		}
		if i < 64 && sh.contextArgs&(1<<i) != 0 {
			ops.contexts.n++
			ops.contexts.inHand = ops.contexts.inHand || v.use.InHand()
			ops.contexts.allUnusable = ops.contexts.allUnusable && v.use&mayBeUnusable != 0
			ops.contexts.request = ops.contexts.request || v.use&fromRequest != 0
			if v.use.RequestOnly() {
				ops.requestArgs |= 1 << i
			}
		}
	}
	return ops
}

// call evaluates a call: operands, then the call itself, whose state is
// recorded; then its effect (a context-consuming call makes the checks
// stale) and its value.
func (ev *evaluator) call(call *ast.CallExpr) value {
	info := ev.info()
	sh := ev.fa.env.shape(call)
	consumed := ev.fa.consumed
	if sh.conversion {
		var v value
		for _, a := range call.Args {
			v = ev.expr(a)
		}
		return v
	}
	ops := ev.operands(call, sh)
	if ev.s == nil {
		return value{}
	}
	ev.recordCall(call, ev.fa.consumed != consumed, ops.requestArgs)
	switch k := sh.callee; k.kind {
	case requestCallee:
		return value{kind: isContext, use: requestContext}
	case contextCallee:
		return ev.contextFunc(call, sh, k.name, ops)
	case errorsIsCallee:
		if len(call.Args) == 2 {
			return errorsIs(info, call, ops.first)
		}
	case guardCallee:
		if g := k.guard; g.Param < len(call.Args) && g.Param < len(ops.uses) && ops.uses[g.Param].Usable() {
			return value{kind: isCheck, out: Outcomes{g.IfTrue, g.IfFalse}, origin: call}
		}
		return value{}
	case errorTestCallee:
		return ev.errorTestCall(call, k.errTest)
	}
	if sh.returnsError && ops.contexts.inHand {
		ev.fa.consumed++
		ev.consume(call) // handed a usable context, it can fail with "context canceled"
	}
	if sh.resultContext {
		return value{kind: isContext, use: ops.contexts.derived()}
	}
	return value{}
}

// contextFunc is the value of a call of package context: a context's
// error, a context that shutdown never reaches, or one derived from its
// arguments.
func (ev *evaluator) contextFunc(call *ast.CallExpr, sh *callShape, name string, ops operands) value {
	if sh.contextErr {
		ctx := ops.recv
		if name == "Cause" {
			ctx = ops.first
		}
		if ctx.use.Usable() {
			return value{kind: isContextErr, origin: call}
		}
		return value{}
	}
	if !sh.resultContext {
		return value{}
	}
	if neverCanceledMaker(name) { // context.WithoutCancel(r.Context()) is still the request's
		return value{kind: isContext, use: mayBeUnusable | ops.contexts.derived()&fromRequest}
	}
	return value{kind: isContext, use: ops.contexts.derived()}
}

// consume makes every check stale: what they told no longer holds.
func (ev *evaluator) consume(call *ast.CallExpr) {
	if !ev.s.narrowed() {
		return
	}
	s := ev.writable()
	s.ctx = AnyState
	if (s.why.Check != nil || s.why.Entry) && s.why.StaleAt == nil {
		s.why.StaleAt = call
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

// recordCall records what holds at a call, on the last sweep;
// operandsConsume tells that evaluating its operands made a
// context-consuming call, requestArgs which of its context arguments are
// a request's.
func (ev *evaluator) recordCall(call *ast.CallExpr, operandsConsume bool, requestArgs uint64) {
	ev.recordCallAt(call, ev.s.ctx, operandsConsume, requestArgs)
}

func (ev *evaluator) recordCallAt(call *ast.CallExpr, ctx States, operandsConsume bool, requestArgs uint64) {
	if ev.rec == nil || ev.s == nil {
		return
	}
	facts := ev.rec.result.Calls[call]
	if facts == nil { // else recorded by a previous transfer of the block: recorded over
		facts = ev.rec.newFacts()
		ev.rec.result.Calls[call] = facts
	}
	facts.Ctx, facts.OperandsConsume, facts.RequestArgs, facts.Why = ctx, operandsConsume, requestArgs, Witness{}
	facts.CheckHeld = ctx != AnyState || ev.s.holdsCheck()
	rec, start := ev.rec, len(ev.rec.vars)
	ev.contexts(func(j int) {
		rec.vars = append(rec.vars, ev.fa.vars[j])
		rec.uses = append(rec.uses, ev.s.get(j).use)
	})
	end := len(rec.vars)
	facts.Vars, facts.Use = rec.vars[start:end:end], rec.uses[start:end:end]
	if ev.rec.witnesses && ctx == ev.s.ctx {
		facts.Why = ev.s.why
	}
}
