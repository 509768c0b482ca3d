package guardflow

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/cfg"
	"golang.org/x/tools/go/types/typeutil"
)

// selectEdge is what entering a select arm tells of a context: the arm
// that receives from ctx.Done() is taken when it is done; the default arm
// when it is not.
type selectEdge struct {
	ctx    ast.Expr // the context whose Done channel the select receives from
	states States   // the states on entry to the arm
	check  ast.Node // the receiving case, for explanations
}

// selectEdges maps the blocks that start select arms to what entering
// them tells. go/cfg places the body of the default arm in the block that
// follows the last other case.
func (fa *Analysis) selectEdges(selects []*ast.SelectStmt) map[*cfg.Block]selectEdge {
	arms := make(map[*ast.CommClause]selectEdge)
	defaults := make(map[*ast.CommClause]selectEdge)
	for _, n := range selects {
		var last, doneCase *ast.CommClause
		var doneCtx ast.Expr
		hasDefault := false
		for _, s := range n.Body.List {
			cc := s.(*ast.CommClause)
			if cc.Comm == nil {
				hasDefault = true
				continue
			}
			last = cc
			if ctx, ok := receivesDone(fa.env.info, cc.Comm); ok {
				arms[cc] = selectEdge{ctx: ctx, states: Canceled | TimedOut, check: cc}
				doneCase, doneCtx = cc, ctx
			}
		}
		if hasDefault && doneCase != nil && last != nil {
			defaults[last] = selectEdge{ctx: doneCtx, states: Live, check: doneCase}
		}
	}
	out := make(map[*cfg.Block]selectEdge)
	for _, b := range fa.graph.Blocks {
		cc, ok := b.Stmt.(*ast.CommClause)
		if !ok {
			continue
		}
		switch b.Kind {
		case cfg.KindSelectCaseBody:
			if e, ok := arms[cc]; ok {
				out[b] = e
			}
		case cfg.KindSelectAfterCase:
			if e, ok := defaults[cc]; ok {
				out[b] = e
			}
		}
	}
	return out
}

// receivesDone recognises "<-ctx.Done()", "v := <-ctx.Done()" and
// "_, ok := <-ctx.Done()", and returns ctx.
func receivesDone(info *types.Info, comm ast.Stmt) (ast.Expr, bool) {
	var recv ast.Expr
	switch s := comm.(type) {
	case *ast.ExprStmt:
		recv = s.X
	case *ast.AssignStmt:
		if len(s.Rhs) == 1 {
			recv = s.Rhs[0]
		}
	}
	u, ok := ast.Unparen(recv).(*ast.UnaryExpr)
	if !ok {
		return nil, false
	}
	call, ok := ast.Unparen(u.X).(*ast.CallExpr)
	if !ok {
		return nil, false
	}
	fn := typeutil.Callee(info, call)
	sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !isSel || fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "context" || fn.Name() != "Done" {
		return nil, false
	}
	return sel.X, true
}

// caseTags maps each case expression of a tagged switch to the tag, so
// that "switch ctx.Err() { case context.Canceled: }" reads as a check.
func caseTags(switches []*ast.SwitchStmt) map[ast.Expr]ast.Expr {
	out := make(map[ast.Expr]ast.Expr)
	for _, n := range switches {
		for _, s := range n.Body.List {
			for _, e := range s.(*ast.CaseClause).List {
				out[e] = n.Tag
			}
		}
	}
	return out
}
