package guardflow

import (
	"go/ast"
	"go/token"
)

// Conditions: the states on the outcomes of checks, of && and ||, of
// select arms.

// branch evaluates a condition and returns the states on its true and
// false outcomes (nil where an outcome cannot happen). Where the condition
// tells nothing, both outcomes are the same state: a caller that changes
// one outcome's state unshares it first.
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
			if tx == fx {
				tx = tx.clone() // x.Y runs on the true outcome only
			}
			ty, fy := ev.with(tx).branch(x.Y)
			return ty, join(fx, fy)
		case token.LOR:
			tx, fx := ev.branch(x.X)
			if fx == tx {
				fx = fx.clone() // x.Y runs on the false outcome only
			}
			ty, fy := ev.with(fx).branch(x.Y)
			return join(tx, ty), fy
		}
	}
	switch t := ev.fa.env.recorded(e); {
	case t&trueValue != 0:
		return ev.s, nil
	case t&falseValue != 0:
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
	return ev.split(caseExpr, comparison(ev.fa.env, tag, caseExpr, vt, vc, token.EQL))
}

// peek is the value of an expression already evaluated: a variable, or a
// context's error.
func (ev *evaluator) peek(e ast.Expr) value {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return ev.ident(e)
	case *ast.CallExpr:
		if ctx, ok := contextErrOf(ev.info(), e); ok && ev.peek(ctx).use.Usable() {
			return value{kind: isContextErr, origin: e}
		}
	}
	return ev.opaque(e)
}

// split returns the states on the outcomes of an atom of a condition
// whose value is v.
func (ev *evaluator) split(atom ast.Expr, v value) (t, f *state) {
	if v.kind != isCheck && !v.errTest {
		return ev.s, ev.s
	}
	t = ev.writable()
	f = t.clone()
	switch {
	case v.kind == isCheck:
		narrow(t, v.out.IfTrue, atom, v)
		narrow(f, v.out.IfFalse, atom, v)
		ev.recordCheck(atom, v)
	case v.errTest && ev.fa.opts.ErrorTestsAsChecks:
		c := value{kind: isCheck, out: v.out, origin: atom}
		narrow(t, v.out.IfTrue, atom, c)
		narrow(f, v.out.IfFalse, atom, c)
	case v.errTest:
		if v.out.IfTrue.NotCanceled() {
			t.why.ErrTest = atom
		} else {
			f.why.ErrTest = atom
		}
	}
	return t, f
}

// narrow applies one outcome of a check to s: a fresh check tells the
// states; a stale one only explains.
func narrow(s *state, set States, atom ast.Expr, v value) {
	check := v.origin
	if check == nil {
		check = atom
	}
	if !v.stale {
		s.ctx &= set
	}
	switch {
	case !set.NotCanceled():
		if set.informative() {
			s.why = Witness{Cancelled: check, ErrTest: s.why.ErrTest}
		}
	case !v.stale:
		s.why = Witness{Check: check, ErrTest: s.why.ErrTest}
	default:
		s.why = Witness{Check: check, StaleAt: v.staleAt, ErrTest: s.why.ErrTest}
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
	b := ev.rec.block
	ev.rec.checks[b] = append(ev.rec.checks[b], Check{Cond: cond, Atom: atom, Out: v.out})
}

// selectArm applies what entering a select arm tells: the arm receiving
// from ctx.Done() means done, the default arm means not done.
func (ev *evaluator) selectArm(e selectEdge) *state {
	if ev.s == nil || !ev.peek(e.ctx).use.Usable() {
		return ev.s
	}
	s := ev.s.clone()
	s.ctx &= e.states
	if e.states.NotCanceled() {
		s.why = Witness{Check: e.check, ErrTest: s.why.ErrTest}
	} else {
		s.why = Witness{Cancelled: e.check, ErrTest: s.why.ErrTest}
	}
	return s
}
