package syntax

import "go/ast"

// Inspect walks body as ast.Inspect does, giving f each node's path from
// body (the node last) and the body of the innermost function literal
// around the node, body itself where there is none. A literal is inside
// the body around it; its parameters are inside its own body.
// As with ast.Inspect, f returning false skips the node's children.
func Inspect(body *ast.BlockStmt, f func(stack []ast.Node, inner *ast.BlockStmt) bool) {
	var stack []ast.Node
	bodies := []*ast.BlockStmt{body}
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			if _, ok := stack[len(stack)-1].(*ast.FuncLit); ok {
				bodies = bodies[:len(bodies)-1]
			}
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		if !f(stack, bodies[len(bodies)-1]) {
			stack = stack[:len(stack)-1] // ast.Inspect does not come back to n
			return false
		}
		if lit, ok := n.(*ast.FuncLit); ok {
			bodies = append(bodies, lit.Body)
		}
		return true
	})
}
