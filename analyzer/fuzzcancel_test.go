package analyzer_test

import (
	"go/ast"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
)

// checkShutdownOnly checks RULE v7 on the fixed code: a check the fix
// inserted at a fixed call, and a context that call hands on, never read
// a context that the code may have cancelled there (such a check drops
// every event). fixed are the indexes (callIndex) of the fixed calls.
func checkShutdownOnly(t *testing.T, pkg *packages.Package, file *ast.File, fixed map[int]bool, index map[token.Pos]int, src string) {
	t.Helper()
	info := pkg.TypesInfo
	env := guardflow.NewEnv(info, pkg.Types, isFunctions{}, func(*ast.CallExpr) bool { return true }, nil)
	holdings := make(map[*ast.FuncDecl]*guardflow.Holdings)
	for _, decl := range file.Decls {
		fd, ok := decl.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		var stack []ast.Node
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			stack = append(stack, n)
			call, ok := n.(*ast.CallExpr)
			if !ok || !fixed[index[call.Pos()]] {
				return true
			}
			h := holdings[fd]
			if h == nil {
				h = guardflow.NewHoldings(env, guardflow.Func{Body: fd.Body, Sig: info.Defs[fd.Name].(*types.Func).Signature()})
				holdings[fd] = h
			}
			var read []ast.Expr // the contexts read at the call: what it hands on, what the check tests
			if len(call.Args) > 0 && guardflow.IsContext(info.TypeOf(call.Args[0])) {
				read = append(read, call.Args[0])
			}
			if c := insertedCheck(stack); c != nil {
				read = append(read, c)
			}
			for _, x := range read {
				id, ok := ast.Unparen(x).(*ast.Ident)
				if !ok {
					continue
				}
				v, _ := info.Uses[id].(*types.Var)
				if pt, ok := h.At(call); ok && v != nil && pt.MayBeCancelled(v) {
					t.Fatalf("%s: after the fix, %s reads a context the code may have cancelled\nfixed:\n%s",
						pkg.Fset.Position(x.Pos()), id.Name, src)
				}
			}
			return true
		})
	}
}

// insertedCheck returns the context a fix's check tests right around the
// call at the top of stack: the guard clause just before its statement,
// or the wrap whose only statement it is.
func insertedCheck(stack []ast.Node) ast.Expr {
	if len(stack) < 3 {
		return nil
	}
	stmt, ok := stack[len(stack)-2].(*ast.ExprStmt)
	if !ok {
		return nil
	}
	block, ok := stack[len(stack)-3].(*ast.BlockStmt)
	if !ok {
		return nil
	}
	for i, s := range block.List {
		if s != stmt {
			continue
		}
		if i > 0 {
			if ifs, ok := block.List[i-1].(*ast.IfStmt); ok {
				if c := checkedContext(ifs.Cond); c != nil {
					return c
				}
			}
		}
	}
	if len(block.List) == 1 && len(stack) >= 4 {
		if ifs, ok := stack[len(stack)-4].(*ast.IfStmt); ok && ifs.Body == block {
			return checkedContext(ifs.Cond)
		}
	}
	return nil
}

// checkedContext returns X in a condition of the fix's form, [!]Is(X.Err(), Canceled).
func checkedContext(cond ast.Expr) ast.Expr {
	if u, ok := cond.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		cond = u.X
	}
	call, ok := cond.(*ast.CallExpr)
	if !ok || len(call.Args) != 2 {
		return nil
	}
	errCall, ok := call.Args[0].(*ast.CallExpr)
	if !ok {
		return nil
	}
	sel, ok := errCall.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Err" {
		return nil
	}
	return sel.X
}

// isFunctions knows errors.Is, and no guard function.
type isFunctions struct{}

func (isFunctions) IsErrorsIs(fn *types.Func) bool {
	return fn.Pkg() != nil && fn.Pkg().Path() == "errors" && fn.Name() == "Is"
}

func (isFunctions) Guard(*types.Func) (guardflow.Guard, bool) { return guardflow.Guard{}, false }

func (isFunctions) Runs(*types.Func, int) bool { return false }
