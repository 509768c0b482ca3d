package analyzer

import (
	"go/ast"
	"go/constant"
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
	if v.kind != isCheck && !v.errTest {
		return ev.s, ev.s
	}
	t = ev.writable()
	f = t.clone()
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
