package callgraph

import (
	"go/ast"
	"go/types"

	"github.com/ctxnotify/ctxnotify-lint/internal/syntax"
)

// funcTarget is what a local function variable statically holds: a
// declared function or method (possibly instantiated), or a literal.
type funcTarget struct {
	callee *types.Func
	lit    *ast.FuncLit
}

// funcVar is a local variable of function type assigned exactly once,
// from a function, an instantiated generic function, a method value or a
// literal (emit := r.Eventf, run := func() {...}): calls through it
// resolve like direct calls.
type funcVar struct {
	target     funcTarget
	CalledOnly bool // every use of the variable is a call of it
}

// funcVarsBuilder counts, during the graph's walk, the writes and the
// uses other than calls of the local function variables.
type funcVarsBuilder struct {
	info        *types.Info
	pkg         *types.Package
	writes      map[*types.Var]int
	targets     map[*types.Var]funcTarget
	nonCallUses map[*types.Var]int
	named       map[string]bool // the names of parameters and of the variables written so far: only their uses need counting
}

func newFuncVarsBuilder(info *types.Info, pkg *types.Package) *funcVarsBuilder {
	return &funcVarsBuilder{
		info:        info,
		pkg:         pkg,
		writes:      make(map[*types.Var]int),
		targets:     make(map[*types.Var]funcTarget),
		nonCallUses: make(map[*types.Var]int),
		named:       make(map[string]bool),
	}
}

// write notes lhs = rhs (rhs nil when it is not one expression).
func (b *funcVarsBuilder) write(lhs, rhs ast.Expr) {
	v := b.local(lhs)
	if v == nil {
		return
	}
	b.writes[v]++
	b.named[v.Name()] = true
	if t, ok := funcTargetOf(b.info, rhs); ok {
		b.targets[v] = t
	}
}

// addressTaken notes &x: it may be written through.
func (b *funcVarsBuilder) addressTaken(x ast.Expr) {
	if v := b.local(x); v != nil {
		b.writes[v] += 2
		b.named[v.Name()] = true
	}
}

// declare notes the names of a function's parameters and results, so
// that a use of one before its first assignment still counts. Their
// declaration is no write: a function parameter assigned once in the body
// (if cb == nil { cb = r.notify }) is taken to hold that function, so that
// its calls are followed; what a caller passes is a value the analysis
// does not follow anyway.
func (b *funcVarsBuilder) declare(ft *ast.FuncType) {
	for _, fields := range []*ast.FieldList{ft.Params, ft.Results} {
		if fields == nil {
			continue
		}
		for _, f := range fields.List {
			for _, id := range f.Names {
				b.named[id.Name] = true
			}
		}
	}
}

// use notes a use of v other than as the callee of a call.
func (b *funcVarsBuilder) use(v *types.Var) {
	if _, ok := b.writes[v]; ok || isFuncTyped(v) {
		b.nonCallUses[v]++
	}
}

// local returns the local function variable e names, if any.
func (b *funcVarsBuilder) local(e ast.Expr) *types.Var {
	v := syntax.Var(b.info, e)
	if v == nil || v.Parent() == nil || v.Parent() == b.pkg.Scope() || !isFuncTyped(v) {
		return nil
	}
	return v
}

func isFuncTyped(v *types.Var) bool {
	_, ok := v.Type().Underlying().(*types.Signature)
	return ok
}

// result returns the variables assigned exactly once from a function
// target.
func (b *funcVarsBuilder) result() map[*types.Var]*funcVar {
	out := make(map[*types.Var]*funcVar)
	for v, t := range b.targets {
		if b.writes[v] == 1 {
			out[v] = &funcVar{target: t, CalledOnly: b.nonCallUses[v] == 0}
		}
	}
	return out
}

// funcTargetOf resolves a function, instantiated function, method value
// or literal expression.
func funcTargetOf(info *types.Info, e ast.Expr) (funcTarget, bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return funcTarget{lit: e}, true
	case *ast.IndexExpr: // emit[T]
		return funcTargetOf(info, e.X)
	case *ast.IndexListExpr: // emit[K, V]
		return funcTargetOf(info, e.X)
	case *ast.Ident:
		if fn, ok := info.Uses[e].(*types.Func); ok {
			return funcTarget{callee: fn.Origin()}, true
		}
	case *ast.SelectorExpr:
		if fn, ok := info.Uses[e.Sel].(*types.Func); ok {
			return funcTarget{callee: fn.Origin()}, true
		}
	}
	return funcTarget{}, false
}
