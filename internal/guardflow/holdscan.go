package guardflow

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/ctxnotify/ctxnotify-lint/internal/syntax"
)

// The holdings' first walk over a function and its literals: the context
// variables and the places they get their values (defs), the variables
// that hold cancel functions and groups (cancellers), the derivations,
// and how each literal runs.

// defKind is what a def gives its variable.
type defKind uint8

const (
	copyDef    defKind = iota // what its sources hold: a copy, or a context derived by a function no one cancels but the parent's
	entryDef                  // a parameter's context on entry
	opaqueDef                 // a context of an origin the holdings do not follow; the code never cancels it
	deriveDef                 // a context that a function or group the derivation returns cancels
	unknownDef                // a variable the analysis cannot follow: the code may have cancelled what it holds
)

// unknown is the def of the variables the analysis cannot follow.
const unknown = 0

// def is a place where a context variable gets its value, or a context
// made by a derivation. Entry, opaque, derive and unknown defs are the
// contexts themselves (values); a copy def holds the values of its
// sources.
type def struct {
	kind    defKind
	v       *types.Var
	name    *ast.Ident    // the name it assigns; nil for an unnamed parameter or derivation
	assign  ast.Node      // the *ast.AssignStmt or *ast.ValueSpec; nil for a parameter
	tok     token.Token   // the assignment's token
	call    *ast.CallExpr // deriveDef: the derivation
	deriv   derivation
	sources bitset        // copyDef: the defs it copies; deriveDef: the defs of the context it was derived from
	lit     *litInfo      // the literal whose body holds the assignment; nil for the outermost body
	never   *ast.CallExpr // opaqueDef: the call that made a context no cancel reaches, shutdown's included (context.WithoutCancel)
}

// litInfo is what the walk found of a literal.
type litInfo struct {
	lit        *ast.FuncLit
	parent     *ast.FuncLit // nil in the outermost body
	use        LitRun
	call       *ast.CallExpr   // the call it is the function of (called, deferred, spawned) or an argument of
	holder     *types.Var      // RunsHeld: the variable
	calls      []*ast.CallExpr // RunsHeld: the calls through it
	cancellers []int           // the cancellers declared outside it that it refers to, anywhere in it
	index      int             // in the scan's litOrder
}

// holdScan is the result of the walk.
type holdScan struct {
	defs       []def
	paramDef   map[*types.Var]int
	nameDef    map[*ast.Ident]int
	callDef    map[*ast.CallExpr]int
	vars       map[*types.Var]int // the context variables, by index
	nvars      int
	varOf      []*types.Var // by index
	cancellers map[*types.Var]int
	cancelOf   []*types.Var // the cancellers, by index
	lits       map[*ast.FuncLit]*litInfo
	litOrder   []*litInfo            // in source order
	deferIndex map[*ast.CallExpr]int // the calls of defer statements, numbered
	defaults   []bitset              // each context variable's defs on entry to its function
	resets     int                   // assignments of a context no cancel reaches to a context variable
	captured   map[*types.Var]bool   // the context variables literals read from outside them
}

// scanHoldings walks the body of sig, its literals included.
func scanHoldings(env *Env, body *ast.BlockStmt, sig *types.Signature) *holdScan {
	sc := &holdScan{
		defs:       []def{{kind: unknownDef}},
		paramDef:   make(map[*types.Var]int),
		nameDef:    make(map[*ast.Ident]int),
		callDef:    make(map[*ast.CallExpr]int),
		vars:       make(map[*types.Var]int),
		cancellers: make(map[*types.Var]int),
		lits:       make(map[*ast.FuncLit]*litInfo),
		deferIndex: make(map[*ast.CallExpr]int),
		captured:   make(map[*types.Var]bool),
	}
	sc.signature(sig)
	info := env.info
	sc.findCancellers(env, body)
	litUses := env.LiteralUses(Func{Body: body, Sig: sig})
	held := make(map[*types.Var]*litInfo)
	calls := make(map[*types.Var][]*ast.CallExpr) // the calls through each function variable
	var stack []ast.Node
	var lits []*litInfo // the literals around the current node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			if _, ok := stack[len(stack)-1].(*ast.FuncLit); ok {
				lits = lits[:len(lits)-1]
			}
			stack = stack[:len(stack)-1]
			return true
		}
		var parent ast.Node
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.FuncLit:
			li := &litInfo{lit: n}
			if len(lits) > 0 {
				li.parent = lits[len(lits)-1].lit
			}
			u := litUses[n]
			li.use, li.call, li.holder = u.Run, u.Call, u.Holder
			if li.holder != nil {
				held[li.holder] = li
			}
			sc.lits[n] = li
			li.index = len(sc.litOrder)
			sc.litOrder = append(sc.litOrder, li)
			lits = append(lits, li)
			if sig, ok := info.TypeOf(n).(*types.Signature); ok {
				sc.signature(sig)
			}
		case *ast.DeferStmt:
			sc.deferIndex[n.Call] = len(sc.deferIndex)
		case *ast.AssignStmt:
			sc.assignment(env, n, n.Lhs, n.Rhs, n.Tok, innermost(lits))
		case *ast.ValueSpec:
			lhs := make([]ast.Expr, len(n.Names))
			for i, id := range n.Names {
				lhs[i] = id
			}
			sc.assignment(env, n, lhs, n.Values, token.DEFINE, innermost(lits))
		case *ast.RangeStmt:
			for _, x := range []ast.Expr{n.Key, n.Value} {
				if id := syntax.Ident(x); id != nil {
					sc.name(env, id, n, n.Tok, opaqueDef)
				}
			}
		case *ast.Ident:
			if v, ok := info.Uses[n].(*types.Var); ok {
				if li := innermost(lits); li != nil && IsContext(v.Type()) && (v.Pos() < li.lit.Pos() || v.Pos() >= li.lit.End()) {
					sc.captured[v] = true
				}
				if isFuncVar(v) && !assigned(parent, n) {
					if call, ok := parent.(*ast.CallExpr); ok && call.Fun == n {
						calls[v] = append(calls[v], call)
					}
				}
				if c, ok := sc.cancellers[v]; ok {
					for _, li := range lits {
						if v.Pos() < li.lit.Pos() || v.Pos() >= li.lit.End() {
							li.cancellers = appendOnce(li.cancellers, c)
						}
					}
				}
			}
		}
		return true
	})
	for v, li := range held {
		li.calls = calls[v]
	}
	sc.varOf = make([]*types.Var, sc.nvars)
	for v, i := range sc.vars {
		sc.varOf[i] = v
	}
	sc.cancelOf = make([]*types.Var, len(sc.cancellers))
	for v, i := range sc.cancellers {
		sc.cancelOf[i] = v
	}
	sc.defaults = make([]bitset, sc.nvars)
	for v, i := range sc.vars {
		switch {
		case env.escaping[v]:
			sc.defaults[i] = bitsetOf(unknown)
		case sc.paramDef[v] != 0:
			sc.defaults[i] = bitsetOf(sc.paramDef[v])
		}
	}
	return sc
}

// findCancellers registers the variables that derivations assign their
// cancel functions and groups to, before the walk meets their references.
func (sc *holdScan) findCancellers(env *Env, body *ast.BlockStmt) {
	ast.Inspect(body, func(n ast.Node) bool {
		var lhs, rhs []ast.Expr
		switch n := n.(type) {
		case *ast.AssignStmt:
			lhs, rhs = n.Lhs, n.Rhs
		case *ast.ValueSpec:
			for _, id := range n.Names {
				lhs = append(lhs, id)
			}
			rhs = n.Values
		default:
			return true
		}
		if len(rhs) != 1 || len(lhs) != 2 {
			return true
		}
		if call, ok := ast.Unparen(rhs[0]).(*ast.CallExpr); ok {
			if d := env.derivationOf(call); d.kind != notDerived {
				if name := syntax.Ident(lhs[d.canceller]); name != nil && name.Name != "_" {
					if v, ok := env.info.ObjectOf(name).(*types.Var); ok {
						if _, ok := sc.cancellers[v]; !ok {
							sc.cancellers[v] = len(sc.cancellers)
						}
					}
				}
			}
		}
		return true
	})
}

// assigned reports whether id is assigned by its parent statement.
func assigned(parent ast.Node, id *ast.Ident) bool {
	if a, ok := parent.(*ast.AssignStmt); ok {
		for _, l := range a.Lhs {
			if l == id {
				return true
			}
		}
	}
	return false
}

// signature adds the context parameters and results of a function.
func (sc *holdScan) signature(sig *types.Signature) {
	for _, tuple := range []*types.Tuple{sig.Params(), sig.Results()} {
		kind := entryDef
		if tuple == sig.Results() {
			kind = opaqueDef // nil on entry
		}
		for i := range tuple.Len() {
			if v := tuple.At(i); IsContext(v.Type()) {
				sc.variable(v)
				sc.paramDef[v] = len(sc.defs)
				sc.defs = append(sc.defs, def{kind: kind, v: v})
			}
		}
	}
}

// variable gives v its index among the context variables, once.
func (sc *holdScan) variable(v *types.Var) {
	if _, ok := sc.vars[v]; !ok {
		sc.vars[v] = sc.nvars
		sc.nvars++
	}
}

// assignment adds the defs of an assignment or declaration: one per
// context variable it assigns; for a derivation, the context's def is the
// derivation's, and its canceller's variable becomes a canceller.
func (sc *holdScan) assignment(env *Env, n ast.Node, lhs, rhs []ast.Expr, tok token.Token, lit *litInfo) {
	if len(rhs) == 1 && len(lhs) == 2 {
		if call, ok := ast.Unparen(rhs[0]).(*ast.CallExpr); ok {
			if d := env.derivationOf(call); d.kind != notDerived {
				id := len(sc.defs)
				sc.callDef[call] = id
				sc.defs = append(sc.defs, def{kind: deriveDef, call: call, deriv: d, assign: n, tok: tok, lit: lit})
				if name := syntax.Ident(lhs[d.ctx]); name != nil {
					if v, ok := env.info.ObjectOf(name).(*types.Var); ok && name.Name != "_" {
						sc.variable(v)
						sc.defs[id].v, sc.defs[id].name = v, name
						sc.nameDef[name] = id
					}
				}
				return
			}
		}
	}
	for i, l := range lhs {
		if id := syntax.Ident(l); id != nil && tok != token.ADD_ASSIGN {
			if sc.name(env, id, n, tok, copyDef) && len(lhs) == len(rhs) {
				if call, ok := ast.Unparen(rhs[i]).(*ast.CallExpr); ok && ShutdownNeverCancels(env.info, call) {
					sc.resets++
				}
			}
		}
	}
}

func innermost(lits []*litInfo) *litInfo {
	if len(lits) == 0 {
		return nil
	}
	return lits[len(lits)-1]
}

// name adds the def of a context variable's name, if it is one.
func (sc *holdScan) name(env *Env, id *ast.Ident, n ast.Node, tok token.Token, kind defKind) bool {
	v, ok := env.info.ObjectOf(id).(*types.Var)
	if !ok || id.Name == "_" || !IsContext(v.Type()) {
		return false
	}
	sc.variable(v)
	sc.nameDef[id] = len(sc.defs)
	sc.defs = append(sc.defs, def{kind: kind, v: v, name: id, assign: n, tok: tok})
	return true
}

// isLocal reports whether v is declared in a function.
func isLocal(v *types.Var) bool {
	return v.Parent() != nil && v.Pkg() != nil && v.Parent() != v.Pkg().Scope()
}

func isFuncVar(v *types.Var) bool {
	_, ok := v.Type().Underlying().(*types.Signature)
	return ok
}

func appendOnce(s []int, x int) []int {
	for _, y := range s {
		if y == x {
			return s
		}
	}
	return append(s, x)
}
