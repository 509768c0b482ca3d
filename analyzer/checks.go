package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// check is a recognised cancellation check: a boolean expression whose
// value tells whether a usable context is cancelled.
type check struct {
	trueAlive bool       // the true outcome means "not cancelled"
	specific  bool       // tests context.Canceled, so a timeout still notifies
	ctx       *types.Var // the checked context variable, when it is one
}

// checkOf recognises the cancellation checks of RULE.md in a condition.
func (a *pass) checkOf(e ast.Expr) (check, bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			c, ok := a.checkOf(e.X)
			c.trueAlive = !c.trueAlive
			return c, ok
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.EQL, token.NEQ:
			return a.comparisonCheck(e.X, e.Y, e.Op)
		case token.LAND, token.LOR:
			return a.combinedCheck(e)
		}
	case *ast.CallExpr:
		return a.callCheck(e)
	}
	return check{}, false
}

// comparisonCheck recognises err == nil, err != nil, err == context.Canceled
// and err != context.Canceled where err is the error of a usable context.
func (a *pass) comparisonCheck(x, y ast.Expr, op token.Token) (check, bool) {
	for range 2 {
		if ctx, ok := a.contextErr(x); ok {
			switch {
			case a.isNil(y):
				return check{trueAlive: op == token.EQL, ctx: ctx}, true
			case a.isCanceled(y):
				return check{trueAlive: op == token.NEQ, specific: true, ctx: ctx}, true
			}
		}
		x, y = y, x
	}
	return check{}, false
}

// combinedCheck accepts "a || b" and "a && b" of checks that agree on what
// true means, as guard functions write them.
func (a *pass) combinedCheck(e *ast.BinaryExpr) (check, bool) {
	x, okx := a.checkOf(e.X)
	y, oky := a.checkOf(e.Y)
	if !okx || !oky || x.trueAlive != y.trueAlive || x.ctx != y.ctx {
		return check{}, false
	}
	if (e.Op == token.LAND) != x.trueAlive {
		// "cancelled && cancelled" and "alive || alive" leave one outcome open.
		return check{}, false
	}
	return check{trueAlive: x.trueAlive, specific: x.specific && y.specific, ctx: x.ctx}, true
}

// callCheck recognises errors.Is(err, context.Canceled) and calls of guard
// functions.
func (a *pass) callCheck(call *ast.CallExpr) (check, bool) {
	fn := typeutil.StaticCallee(a.TypesInfo, call)
	if fn == nil {
		return check{}, false
	}
	fn = fn.Origin()
	if fn.Pkg() != nil && fn.Pkg().Path() == "errors" && fn.Name() == "Is" && len(call.Args) == 2 {
		if ctx, ok := a.contextErr(call.Args[0]); ok && a.isCanceled(call.Args[1]) {
			return check{specific: true, ctx: ctx}, true
		}
		return check{}, false
	}
	g, ok := a.guardOf(fn)
	if !ok || g.Param >= len(call.Args) || !a.usableContextExpr(call.Args[g.Param]) {
		return check{}, false
	}
	return check{trueAlive: g.TrueAlive, specific: g.Specific, ctx: a.varOf(call.Args[g.Param])}, true
}

// contextErr recognises ctx.Err(), context.Cause(ctx), and a local variable
// every assignment of which is one of them, for a usable context.
func (a *pass) contextErr(e ast.Expr) (*types.Var, bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn := typeutil.Callee(a.TypesInfo, e)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "context" {
			return nil, false
		}
		var ctx ast.Expr
		switch {
		case fn.Name() == "Err" && len(e.Args) == 0:
			sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr)
			if !ok {
				return nil, false
			}
			ctx = sel.X
		case fn.Name() == "Cause" && len(e.Args) == 1:
			ctx = e.Args[0]
		default:
			return nil, false
		}
		if !a.usableContextExpr(ctx) {
			return nil, false
		}
		return a.varOf(ctx), true
	case *ast.Ident:
		v, ok := a.TypesInfo.Uses[e].(*types.Var)
		if !ok {
			return nil, false
		}
		values := a.assignments()[v]
		if len(values) == 0 {
			return nil, false
		}
		var ctx *types.Var
		for _, val := range values {
			if val.index >= 0 || val.expr == nil {
				return nil, false
			}
			c, ok := a.contextErr(val.expr)
			if !ok {
				return nil, false
			}
			ctx = c
		}
		return ctx, true
	}
	return nil, false
}

// usableContextExpr reports whether e is a context that shutdown cancels.
func (a *pass) usableContextExpr(e ast.Expr) bool {
	return isContextType(a.TypesInfo.TypeOf(e)) && !a.neverCancelled(e)
}

func (a *pass) varOf(e ast.Expr) *types.Var {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		v, _ := a.TypesInfo.Uses[id].(*types.Var)
		return v
	}
	return nil
}

func (a *pass) isNil(e ast.Expr) bool {
	tv, ok := a.TypesInfo.Types[e]
	return ok && tv.IsNil()
}

func (a *pass) isCanceled(e ast.Expr) bool {
	var id *ast.Ident
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		id = e
	case *ast.SelectorExpr:
		id = e.Sel
	default:
		return false
	}
	v, ok := a.TypesInfo.Uses[id].(*types.Var)
	return ok && v.Pkg() != nil && v.Pkg().Path() == "context" && v.Name() == "Canceled"
}

// impliesAlive reports whether cond evaluating to outcome proves that the
// context is not cancelled.
func (a *pass) impliesAlive(cond ast.Expr, outcome bool) bool {
	if c, ok := a.checkOf(cond); ok {
		return outcome == c.trueAlive
	}
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return a.impliesAlive(e.X, !outcome)
		}
	case *ast.BinaryExpr:
		x, y := func() bool { return a.impliesAlive(e.X, outcome) }, func() bool { return a.impliesAlive(e.Y, outcome) }
		switch {
		case e.Op == token.LAND && outcome, e.Op == token.LOR && !outcome:
			return x() || y() // both operands had this outcome
		case e.Op == token.LAND, e.Op == token.LOR:
			return x() && y() // either operand may have decided
		}
	}
	return false
}

// checkAtoms appends the cancellation checks that occur in cond.
func (a *pass) checkAtoms(cond ast.Expr, out []check) []check {
	if c, ok := a.checkOf(cond); ok {
		return append(out, c)
	}
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		return a.checkAtoms(e.X, out)
	case *ast.BinaryExpr:
		if e.Op == token.LAND || e.Op == token.LOR {
			return a.checkAtoms(e.Y, a.checkAtoms(e.X, out))
		}
	}
	return out
}
