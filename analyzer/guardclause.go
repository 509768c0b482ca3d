package analyzer

import (
	"go/ast"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
)

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
