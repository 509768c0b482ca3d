package guardflow

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/ctxnotify/ctxnotify-lint/internal/syntax"
)

// The transfer functions of the guard dataflow: each node of a block is
// evaluated in Go's evaluation order (operands left to right, a call after
// its function and arguments, the right operand of && and || only on the
// outcome that evaluates it), so that a call is seen with the state that
// holds when it is made.

// transfer runs block b from state in and returns the state on each edge
// out of b, in a slice that the next call reuses. With rec, it records
// what holds at calls, literals and checks (over what b's previous
// transfer recorded).
func (fa *Analysis) transfer(b *cfg.Block, in *state, rec *recording) []*state {
	ev := &evaluator{fa: fa, s: in, in: in, rec: rec}
	if rec != nil {
		rec.start(b.Index)
	}
	if pos := blockStart(b); pos.IsValid() && in != nil && len(in.vars) > 0 {
		ev.writable().vars.prune(fa.vars, pos)
	}
	nodes := b.Nodes
	cond := fa.condition(b)
	if cond != nil {
		nodes = nodes[:len(nodes)-1]
	}
	for _, n := range nodes {
		ev.node(n)
	}
	outs := fa.outsFor(len(b.Succs))
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

// outsFor returns transfer's result slice for n edges, reused from call
// to call: the solver reads it before the next transfer.
func (fa *Analysis) outsFor(n int) []*state {
	if cap(fa.outs) < n {
		fa.outs = make([]*state, n)
	}
	fa.outs = fa.outs[:n]
	clear(fa.outs)
	return fa.outs
}

// condition returns the condition that ends block b, if any: go/cfg ends
// the blocks of if, for and switch-case tests with it.
func (fa *Analysis) condition(b *cfg.Block) ast.Expr {
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
	fa   *Analysis
	s    *state
	in   *state     // the block's entry state: the solver's, never changed here
	rec  *recording // where to record, if anywhere
	cond ast.Expr   // the block's condition, while it is evaluated
}

// writable returns the state to change, copying the block's entry state
// on its first change: most blocks change nothing, and a copy per visit
// was most of what the dataflow allocated.
func (ev *evaluator) writable() *state {
	if ev.s == ev.in {
		ev.s = ev.s.clone()
	}
	return ev.s
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
		consumed := ev.fa.consumed
		ops := ev.operands(n.Call, ev.fa.env.shape(n.Call))
		ev.recordCallAt(n.Call, AnyState, ev.fa.consumed != consumed, ops.requestArgs) // it runs when the function returns
	case *ast.GoStmt:
		consumed := ev.fa.consumed
		ops := ev.operands(n.Call, ev.fa.env.shape(n.Call))
		ev.recordCall(n.Call, ev.fa.consumed != consumed, ops.requestArgs)
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
	if !ev.fa.opts.SummarizeReturns {
		for _, r := range n.Results {
			ev.expr(r)
		}
		return
	}
	if len(n.Results) != 1 {
		if ev.rec != nil {
			ev.rec.result.ReturnsKnown = false
		}
		return
	}
	t, f := ev.branch(n.Results[0])
	if ev.rec != nil {
		r := &ev.rec.returns[ev.rec.block]
		if t != nil {
			r.IfTrue |= t.ctx
		}
		if f != nil {
			r.IfFalse |= f.ctx
		}
	}
	ev.s = join(t, f)
}

// assign evaluates an assignment: the operands on the left, then the
// values on the right, left to right; then it stores them.
func (ev *evaluator) assign(lhs, rhs []ast.Expr, tok token.Token) {
	for _, l := range lhs {
		if syntax.Ident(l) == nil {
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
		var buf [4]value // most assignments have few operands: no allocation
		vals := buf[:0]
		for _, r := range rhs {
			vals = append(vals, ev.expr(r))
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
	id := syntax.Ident(l)
	if id == nil {
		return
	}
	obj, ok := ev.fa.env.objectOf(id).(*types.Var)
	if !ok {
		return
	}
	j, tracked := ev.fa.varIndex[obj]
	if !tracked {
		return
	}
	var f varFact
	switch {
	case j < ev.fa.nctx:
		f.use = v.use &^ inField // a local is a variable: usable
		if v.kind != isContext || f.use == 0 {
			f.use = mayBeUsable
		}
	case v.kind == isCheck || v.kind == isContextErr:
		f.val = v
	}
	if ev.s.get(j) != f {
		ev.writable().set(j, f)
	}
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
	case a == nil || a == b:
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
