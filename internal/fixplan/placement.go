package fixplan

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
	"github.com/ctxnotify/ctxnotify-lint/internal/refactor"
	"github.com/ctxnotify/ctxnotify-lint/internal/syntax"
)

// Where and how a check goes: the one place that decides it, for the
// call-site fix and for the checks a helper group's fix puts inside its
// helpers. internal/refactor builds exactly the form decided here.

// skippable reports whether a check can skip the call where it stands:
// the call is a statement of its own (not deferred, not started with go,
// not inside an expression or a header), outside any goroutine (the
// goroutine may outlive the function, whose context is then cancelled).
func (c *Chooser) skippable(site *callgraph.Site) bool {
	_, ok := site.Stmt.(*ast.ExprStmt)
	return ok && !c.InGoroutine(site)
}

// placement is where a check goes and its form. at is the statement the
// form writes the check at: the call's statement, which a wrap encloses,
// a guard clause precedes and a folded if's condition guards; the first
// statement of a body that only emits, which its one guard clause
// precedes; or that body's early return, whose condition the check joins.
type placement struct {
	at     ast.Stmt
	parent ast.Node // the node that holds at; for a fold, the if
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
func placeChecks(sources *refactor.Sources, sites []*callgraph.Site, tops map[*callgraph.Func]topCheck) map[*callgraph.Site]placement {
	out := make(map[*callgraph.Site]placement)
	folds := make(map[*callgraph.Func]bool)
	for _, site := range sites {
		f := site.Fn
		if t, ok := tops[f]; ok {
			if t.early != nil {
				out[site] = placement{at: t.early, parent: t.early, form: refactor.Join}
			} else {
				out[site] = placement{at: f.Body.List[0], parent: f.Body, form: refactor.GuardClause}
			}
			continue
		}
		p := placement{at: site.Stmt, parent: site.StmtCur.Parent().Node(), form: refactor.Wrap}
		switch {
		case !sources.StartsLine(site.Stmt.Pos()):
		case foldable(site):
			p.parent, p.form = site.StmtCur.Parent().Parent().Node(), refactor.Fold
			folds[f] = true
		case endsFunction(site.StmtCur):
			p.form = refactor.GuardClause
		}
		out[site] = p
	}
	for site, p := range out {
		if _, top := tops[site.Fn]; folds[site.Fn] && p.form == refactor.GuardClause && !top {
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
func foldable(site *callgraph.Site) bool {
	block := site.StmtCur.Parent()
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
func emitsOnly(info *types.Info, f *callgraph.Func, calls, traces map[*ast.CallExpr]bool) (ok bool, early *ast.IfStmt) {
	if f.Sig.Results().Len() > 0 || len(f.Body.List) == 0 {
		return false, nil
	}
	list := f.Body.List
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
func stmtsEmitOnly(info *types.Info, f *callgraph.Func, list []ast.Stmt, calls, traces map[*ast.CallExpr]bool, n *int) bool {
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
				if v := syntax.Var(info, l); v == nil && syntax.Ident(l) == nil || v != nil && !f.Declares(v) {
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

// endsFunction reports whether the statement at cur is the last thing its
// innermost function (declaration or literal) does on its path, and that
// function has no results: a return there skips exactly the statement
// (deferred calls run either way). The statement, or an if, switch or
// labeled statement that holds it at the end of a branch, recursively,
// must end the function's body or be followed only by a bare return; a
// for, range or select on the way, or a fallthrough after it, keeps the
// wrap. So does a label on the statement itself: the clause would come
// between the label and its statement.
func endsFunction(cur inspector.Cursor) bool {
	if cur.ParentEdgeKind() == edge.LabeledStmt_Stmt {
		return false
	}
	returns := false // a bare return follows: what comes after the enclosing statements never runs
	for ; ; cur = cur.Parent() {
		switch cur.ParentEdgeKind() {
		case edge.FuncDecl_Body:
			return cur.Parent().Node().(*ast.FuncDecl).Type.Results.NumFields() == 0
		case edge.FuncLit_Body:
			return cur.Parent().Node().(*ast.FuncLit).Type.Results.NumFields() == 0
		case edge.BlockStmt_List, edge.CaseClause_Body:
			if _, ok := cur.Node().(*ast.CaseClause); ok || returns {
				continue // after a case's body, control leaves the switch
			}
			if next, ok := cur.NextSibling(); ok {
				if _, more := next.NextSibling(); more || !isBareReturn(next.Node()) {
					return false
				}
				returns = true
			}
		case edge.IfStmt_Body, edge.IfStmt_Else, edge.SwitchStmt_Body, edge.TypeSwitchStmt_Body, edge.LabeledStmt_Stmt:
			// control goes on after the if, switch or labeled statement
		default:
			return false // a loop, a select, a header
		}
	}
}

func isBareReturn(n ast.Node) bool {
	ret, ok := n.(*ast.ReturnStmt)
	return ok && len(ret.Results) == 0
}
