package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

func isContextType(t types.Type) bool {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	obj := named.Obj()
	return obj.Pkg() != nil && obj.Pkg().Path() == "context" && obj.Name() == "Context"
}

// contextParams returns f's parameters of type context.Context, blank and
// unnamed ones included.
func contextParams(f *funcInfo) []*types.Var {
	var out []*types.Var
	params := f.sig.Params()
	for i := range params.Len() {
		if isContextType(params.At(i).Type()) {
			out = append(out, params.At(i))
		}
	}
	return out
}

// usableContext returns the context the code at pos in f has in hand, or
// nil: f's own context parameter, else that of the nearest enclosing
// function, else a local context variable in scope. Contexts made from
// context.Background or context.TODO are not usable. Under scope
// reconcile, code outside reconcile code has no usable context.
func (a *pass) usableContext(f *funcInfo, pos token.Pos) *types.Var {
	if a.settings.reconcileOnly && !f.reconcile {
		return nil
	}
	for g := f; g != nil; g = g.parent {
		if ps := contextParams(g); len(ps) > 0 {
			return ps[0]
		}
	}
	return a.localContext(pos)
}

// localContext finds a usable context variable declared before pos in a
// scope enclosing pos, innermost first.
func (a *pass) localContext(pos token.Pos) *types.Var {
	scope := a.Pkg.Scope().Innermost(pos)
	for ; scope != nil && scope.Parent() != a.Pkg.Scope() && scope != a.Pkg.Scope(); scope = scope.Parent() {
		for _, name := range scope.Names() {
			v, ok := scope.Lookup(name).(*types.Var)
			if ok && v.Pos() < pos && isContextType(v.Type()) && !a.neverCancelledVar(v) {
				return v
			}
		}
	}
	return nil
}

// neverCancelled reports whether a context expression derives from
// context.Background, context.TODO or context.WithoutCancel: shutdown
// never reaches such a context.
func (a *pass) neverCancelled(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn := typeutil.StaticCallee(a.TypesInfo, e)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "context" {
			return false
		}
		switch fn.Name() {
		case "Background", "TODO", "WithoutCancel":
			return true
		case "WithCancel", "WithCancelCause", "WithTimeout", "WithTimeoutCause",
			"WithDeadline", "WithDeadlineCause", "WithValue":
			return len(e.Args) > 0 && a.neverCancelled(e.Args[0])
		}
	case *ast.Ident:
		if v, ok := a.TypesInfo.Uses[e].(*types.Var); ok {
			return a.neverCancelledVar(v)
		}
	}
	return false
}

// neverCancelledVar reports whether every assignment to a local variable
// gives it a context that is never cancelled. Parameters are usable.
func (a *pass) neverCancelledVar(v *types.Var) bool {
	if known, ok := a.neverCancelledMemo[v]; ok {
		return known
	}
	a.neverCancelledMemo[v] = true // a cycle through v brings no usable context
	values := a.assignments()[v]
	result := len(values) > 0
	for _, val := range values {
		// ctx, cancel := context.WithTimeout(context.Background(), d) gives
		// ctx result 0 of the call.
		if val.expr == nil || val.index > 0 || !a.neverCancelled(val.expr) {
			result = false
			break
		}
	}
	a.neverCancelledMemo[v] = result
	return result
}

// assignedValue is one value given to a variable: expr, or result index
// of the call expr when index >= 0.
type assignedValue struct {
	expr  ast.Expr
	index int
}

// assignments indexes the values given to local variables of the package,
// built once on first use.
func (a *pass) assignments() map[*types.Var][]assignedValue {
	if a.assigned != nil {
		return a.assigned
	}
	a.assigned = make(map[*types.Var][]assignedValue)
	add := func(lhs []ast.Expr, rhs []ast.Expr) {
		for i, l := range lhs {
			id, ok := ast.Unparen(l).(*ast.Ident)
			if !ok {
				continue
			}
			v, ok := a.TypesInfo.ObjectOf(id).(*types.Var)
			if !ok {
				continue
			}
			switch {
			case len(rhs) == len(lhs):
				a.assigned[v] = append(a.assigned[v], assignedValue{rhs[i], -1})
			case len(rhs) == 1:
				a.assigned[v] = append(a.assigned[v], assignedValue{rhs[0], i})
			default:
				a.assigned[v] = append(a.assigned[v], assignedValue{nil, -1})
			}
		}
	}
	for _, f := range a.funcs {
		ast.Inspect(f.body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false // indexed as a function of its own
			case *ast.AssignStmt:
				add(n.Lhs, n.Rhs)
			case *ast.ValueSpec:
				names := make([]ast.Expr, len(n.Names))
				for i, id := range n.Names {
					names[i] = id
				}
				if len(n.Values) > 0 {
					add(names, n.Values)
				}
			case *ast.RangeStmt:
				add([]ast.Expr{n.Key, n.Value}, nil)
			}
			return true
		})
	}
	return a.assigned
}
