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
// no guard clause: one form a function. onlyEmits are the functions whose
// statements do nothing but emit (and compute the arguments): their
// calls share one guard clause at the top.
func placeChecks(sources *refactor.Sources, sites []*callSite, onlyEmits map[*funcNode]bool) map[*callSite]placement {
	out := make(map[*callSite]placement)
	folds := make(map[*funcNode]bool)
	for _, site := range sites {
		f := site.fn
		if onlyEmits[f] {
			out[site] = placement{stmt: f.body.List[0], parent: f.body, form: refactor.GuardClause}
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
		if folds[site.fn] && p.form == refactor.GuardClause && !onlyEmits[site.fn] {
			p.form = refactor.Wrap
			out[site] = p
		}
	}
	return out
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

// emitsOnly reports whether f's statements do nothing but emit: each is a
// call of calls (the function's findings whose checks would be alike) or
// computes values without handing a context to anything, there are at
// least two such calls, and f has no results, so that one guard clause at
// the top skips exactly what the checks would.
func emitsOnly(info *types.Info, f *funcNode, calls map[*ast.CallExpr]bool) bool {
	if f.sig.Results().Len() > 0 || len(f.body.List) == 0 {
		return false
	}
	n := 0
	for _, stmt := range f.body.List {
		switch stmt := stmt.(type) {
		case *ast.ExprStmt:
			call, ok := stmt.X.(*ast.CallExpr)
			if !ok || !calls[call] {
				return false
			}
			n++
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
		default:
			return false
		}
	}
	return n >= 2
}

// computesOnly reports whether a statement only computes values: no
// literal, no call handed a context.
func computesOnly(info *types.Info, stmt ast.Stmt) bool {
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
