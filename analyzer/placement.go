package analyzer

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/edge"

	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
	"github.com/ctxnotify/ctxnotify-lint/internal/refactor"
)

// Where and how a check goes: the one place that decides it, for the
// call-site fix and for the checks a helper group's fix puts inside its
// helpers. internal/refactor builds exactly the form decided here.

// skippable reports whether a check can skip the call where it stands:
// the call is a statement of its own (not deferred, not started with go,
// not inside an expression or a header), outside any goroutine (the
// goroutine may outlive the function, whose context is then cancelled).
func skippable(site *callSite) bool {
	_, ok := site.stmt.(*ast.ExprStmt)
	return ok && !inGoroutine(site)
}

// inGoroutine reports whether the call is a go statement, or inside a
// closure started with go, directly or through a variable.
func inGoroutine(site *callSite) bool {
	if site.spawned() {
		return true
	}
	for g := site.fn; g != nil && g.lit != nil; g = g.parent {
		for _, inv := range g.invocations {
			if inv.spawned() {
				return true
			}
		}
	}
	return false
}

// placement is where a check goes and its form: at the call's statement,
// or at the first statement of a body that only emits.
type placement struct {
	stmt   ast.Stmt
	parent ast.Node // the node that holds stmt; for a fold, the if
	form   refactor.Form
}

// placeChecks decides the checks of skippable sites, function by function
// (the innermost function of each): the condition of an if without else
// whose only statement the call is takes the check (fold); a call that is
// the last thing its function does gets the guard clause; any other call
// the wrap; and a call that does not start its line the wrap, which opens
// up the one-line block it is alone in. A function whose checks fold gets
// no guard clause: one form a function. tops are the functions whose
// statements do nothing but emit (and compute the arguments): their
// calls share one check at the top, a guard clause or the condition of the
// early return they open with.
func placeChecks(sources *refactor.Sources, sites []*callSite, tops map[*funcNode]topCheck) map[*callSite]placement {
	out := make(map[*callSite]placement)
	folds := make(map[*funcNode]bool)
	for _, site := range sites {
		f := site.fn
		if t, ok := tops[f]; ok {
			if t.early != nil {
				out[site] = placement{stmt: t.early, parent: t.early, form: refactor.Join}
			} else {
				out[site] = placement{stmt: f.body.List[0], parent: f.body, form: refactor.GuardClause}
			}
			continue
		}
		p := placement{stmt: site.stmt, parent: site.stmtCur.Parent().Node(), form: refactor.Wrap}
		switch {
		case !sources.StartsLine(site.stmt.Pos()):
		case foldable(site):
			p.parent, p.form = site.stmtCur.Parent().Parent().Node(), refactor.Fold
			folds[f] = true
		case endsFunction(site.stmtCur):
			p.form = refactor.GuardClause
		}
		out[site] = p
	}
	for site, p := range out {
		if _, top := tops[site.fn]; folds[site.fn] && p.form == refactor.GuardClause && !top {
			p.form = refactor.Wrap
			out[site] = p
		}
	}
	return out
}

// topCheck is the one check of a function that only emits: where it
// opens with an early return, its condition takes the check.
type topCheck struct {
	early *ast.IfStmt
}

// foldable reports whether the call's statement is the only statement of
// an if without else, whose condition can then take the check.
func foldable(site *callSite) bool {
	block := site.stmtCur.Parent()
	if block.ParentEdgeKind() != edge.IfStmt_Body {
		return false
	}
	ifs := block.Parent().Node().(*ast.IfStmt)
	return ifs.Else == nil && len(ifs.Body.List) == 1
}

// emitsOnly reports whether f's statements do nothing but emit, so that
// one check at its top skips exactly what the checks of its events would:
// f has no results; each statement is a call of calls (the function's
// findings whose checks would be alike) or of traces (its Trace events,
// which the one check skips too, as a check inside a helper that takes
// its event type from its caller does), a statement that computes locals
// without handing a context to anything, a bare return, or an if, a
// switch or a block whose conditions only compute and whose statements do
// nothing but emit; and it makes at least two such calls. early is an if
// at its top whose body only returns (if eventType == "" { return }): the
// check joins its condition, and one call is then enough.
func emitsOnly(info *types.Info, f *funcNode, calls, traces map[*ast.CallExpr]bool) (ok bool, early *ast.IfStmt) {
	if f.sig.Results().Len() > 0 || len(f.body.List) == 0 {
		return false, nil
	}
	list := f.body.List
	if ifs, isIf := list[0].(*ast.IfStmt); isIf && returnsOnly(ifs) && computesOnly(info, ifs.Cond) && (ifs.Init == nil || computesOnly(info, ifs.Init)) {
		early, list = ifs, list[1:]
	}
	n := 0
	if !stmtsEmitOnly(info, f, list, calls, traces, &n) {
		return false, nil
	}
	return n >= 2 || early != nil && n >= 1, early
}

// returnsOnly reports whether ifs is an if without else whose body is a
// bare return.
func returnsOnly(ifs *ast.IfStmt) bool {
	if ifs.Else != nil || len(ifs.Body.List) != 1 {
		return false
	}
	r, ok := ifs.Body.List[0].(*ast.ReturnStmt)
	return ok && len(r.Results) == 0
}

// stmtsEmitOnly is emitsOnly's test of a list of statements; n counts
// the calls of calls.
func stmtsEmitOnly(info *types.Info, f *funcNode, list []ast.Stmt, calls, traces map[*ast.CallExpr]bool, n *int) bool {
	for _, stmt := range list {
		switch stmt := stmt.(type) {
		case *ast.ExprStmt:
			call, ok := stmt.X.(*ast.CallExpr)
			switch {
			case ok && calls[call]:
				*n++
			case ok && traces[call] && computesOnly(info, stmt):
			default:
				return false
			}
		case *ast.AssignStmt:
			for _, l := range stmt.Lhs {
				if v := varOf(info, l); v == nil && identOf(l) == nil || v != nil && !f.declares(v) {
					return false // other work: a field, an element, a variable of the caller
				}
			}
			if !computesOnly(info, stmt) {
				return false
			}
		case *ast.DeclStmt:
			if !computesOnly(info, stmt) {
				return false
			}
		case *ast.ReturnStmt:
			if len(stmt.Results) > 0 {
				return false
			}
		case *ast.BlockStmt:
			if !stmtsEmitOnly(info, f, stmt.List, calls, traces, n) {
				return false
			}
		case *ast.IfStmt:
			if stmt.Init != nil && !stmtsEmitOnly(info, f, []ast.Stmt{stmt.Init}, calls, traces, n) || !computesOnly(info, stmt.Cond) ||
				!stmtsEmitOnly(info, f, stmt.Body.List, calls, traces, n) || stmt.Else != nil && !stmtsEmitOnly(info, f, []ast.Stmt{stmt.Else}, calls, traces, n) {
				return false
			}
		case *ast.SwitchStmt:
			if stmt.Init != nil && !stmtsEmitOnly(info, f, []ast.Stmt{stmt.Init}, calls, traces, n) || stmt.Tag != nil && !computesOnly(info, stmt.Tag) {
				return false
			}
			for _, c := range stmt.Body.List {
				cc := c.(*ast.CaseClause)
				for _, x := range cc.List {
					if !computesOnly(info, x) {
						return false
					}
				}
				if !stmtsEmitOnly(info, f, cc.Body, calls, traces, n) {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// computesOnly reports whether a statement or expression only computes
// values: no literal, no call handed a context.
func computesOnly(info *types.Info, stmt ast.Node) bool {
	only := true
	ast.Inspect(stmt, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			only = false
		case *ast.CallExpr:
			for _, a := range n.Args {
				if guardflow.IsContext(info.TypeOf(a)) {
					only = false
				}
			}
		}
		return only
	})
	return only
}

// declares reports whether v is declared in f's body.
func (f *funcNode) declares(v *types.Var) bool {
	return f.body.Pos() <= v.Pos() && v.Pos() < f.body.End()
}
