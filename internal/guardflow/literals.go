package guardflow

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/ctxnotify/ctxnotify-lint/internal/syntax"
)

// When a function literal runs, relative to the function that defines it:
// the one answer the holdings, the fixes and the runs facts read (RULE v8,
// "Sound wherever a closure runs"). A literal that may run after its
// function returns may run once every cancel of that function, and of its
// callers, has run: controller-runtime's ReconciliationTimeout cancels the
// reconcile context as soon as Reconcile returns.

// LitRun is when a literal runs.
type LitRun uint8

const (
	// RunsLater: it may run after its function returns. It is stored
	// (a field, a map, a channel, a variable read otherwise than by
	// calls), returned, converted, or handed to a callee that may keep it
	// (time.AfterFunc, a hook registrar, an interface method, a function
	// value, a dependency without facts).
	RunsLater LitRun = iota
	// RunsNow: called where it is defined, func(){...}().
	RunsNow
	// RunsAtReturn: deferred, or handed to a deferred call of a function
	// that runs it before it returns: it runs when its function returns,
	// after the cancels deferred after it.
	RunsAtReturn
	// RunsSpawned: started with go, directly or through the call a go
	// statement makes.
	RunsSpawned
	// RunsInCall: handed to a call that runs it before it returns, maybe
	// more than once or beside itself (a parallel-for, errgroup's Go with
	// Wait on every path, sort.Slice).
	RunsInCall
	// RunsHeld: held by a local variable assigned once that is only
	// called, never by a go statement: it runs at those calls.
	RunsHeld
)

// LitUse is how a literal runs, and what runs it.
type LitUse struct {
	Run    LitRun
	Call   *ast.CallExpr // the call it is the function of, or an argument of
	Holder *types.Var    // RunsHeld: the variable
}

// Later reports whether the literal may run after its function returns.
func (u LitUse) Later() bool { return u.Run == RunsLater || u.Run == RunsSpawned }

// RunsArg reports whether a call's callee runs its argument i, a function,
// only before it returns: it calls it (any number of times) and neither
// keeps it, nor hands it to a function that may keep it, nor starts it
// with go. body is the innermost function body that holds the call (for
// errgroup's Wait).
type RunsArg func(call *ast.CallExpr, i int, body *ast.BlockStmt) bool

// LiteralUses returns how each literal of f runs, its nested literals
// included; computed once per body.
func (env *Env) LiteralUses(f Func) map[*ast.FuncLit]LitUse {
	if uses, ok := env.litUses[f.Body]; ok {
		return uses
	}
	uses := ClassifyLiterals(env.info, f.Body, env.RunsArg)
	if env.litUses == nil {
		env.litUses = make(map[*ast.BlockStmt]map[*ast.FuncLit]LitUse)
	}
	env.litUses[f.Body] = uses
	return uses
}

// RunsArg is the environment's RunsArg: CallRuns with the policy's
// answers.
func (env *Env) RunsArg(call *ast.CallExpr, i int, body *ast.BlockStmt) bool {
	return CallRuns(env.info, env.mayReturn, env.callees.fns.Runs, call, i, body)
}

// CallRuns reports whether call's callee runs its argument i only before
// it returns: errgroup's Go and TryGo where the group is waited for on
// every path from the call to the end of body; a function the policy says
// runs that parameter (runs: facts, and the runners the documentation
// lists). Conversions, builtins, interface methods and function values
// may keep it.
func CallRuns(info *types.Info, mayReturn func(*ast.CallExpr) bool, runs func(fn *types.Func, param int) bool, call *ast.CallExpr, i int, body *ast.BlockStmt) bool {
	fn := typeutil.StaticCallee(info, call)
	if fn == nil {
		return false
	}
	if groupGo(fn) {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return false
		}
		g, ok := info.Uses[syntax.Ident(sel.X)].(*types.Var)
		return ok && waitedAfter(info, mayReturn, call, g, body)
	}
	sig := fn.Signature()
	param := i
	if n := sig.Params().Len(); sig.Variadic() && param >= n-1 {
		param = n - 1
	}
	return runs(fn.Origin(), param)
}

// groupGo reports whether fn is Go or TryGo of an errgroup.Group.
func groupGo(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && (fn.Name() == "Go" || fn.Name() == "TryGo") && isErrGroup(types.NewPointer(derefType(recv.Type())))
}

func derefType(t types.Type) types.Type {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// waitedAfter reports whether every path from call to the end of body
// calls g.Wait() (outside nested literals).
func waitedAfter(info *types.Info, mayReturn func(*ast.CallExpr) bool, call *ast.CallExpr, g *types.Var, body *ast.BlockStmt) bool {
	if body == nil {
		return false
	}
	graph := cfg.New(body, mayReturn)
	waits := func(n ast.Node) bool {
		found := false
		ast.Inspect(n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.CallExpr:
				if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Wait" && info.Uses[syntax.Ident(sel.X)] == g {
					found = true
				}
			}
			return !found
		})
		return found
	}
	// The block and node of the call; the search starts after the node.
	var start *cfg.Block
	at := -1
	for _, b := range graph.Blocks {
		for k, n := range b.Nodes {
			if n.Pos() <= call.Pos() && call.End() <= n.End() {
				start, at = b, k
			}
		}
	}
	if start == nil {
		return false
	}
	seen := make(map[int32]bool)
	var allWait func(b *cfg.Block, from int) bool
	allWait = func(b *cfg.Block, from int) bool {
		for _, n := range b.Nodes[from:] {
			if waits(n) {
				return true
			}
		}
		if len(b.Succs) == 0 {
			return false // the end of a path without Wait
		}
		for _, s := range b.Succs {
			if seen[s.Index] {
				continue
			}
			seen[s.Index] = true
			if !allWait(s, 0) {
				return false
			}
		}
		return true
	}
	return allWait(start, at+1)
}

// ClassifyLiterals returns how each literal in body runs (body's nested
// literals included), with runs telling which calls run their function
// arguments before they return.
func ClassifyLiterals(info *types.Info, body *ast.BlockStmt, runs RunsArg) map[*ast.FuncLit]LitUse {
	out := make(map[*ast.FuncLit]LitUse)
	held := make(map[*types.Var]*ast.FuncLit) // the candidates for RunsHeld
	syntax.Inspect(body, func(stack []ast.Node, inner *ast.BlockStmt) bool {
		if lit, ok := stack[len(stack)-1].(*ast.FuncLit); ok {
			use := ValueUse(info, stack, runs, inner)
			if use.Holder != nil {
				if held[use.Holder] != nil {
					out[held[use.Holder]] = LitUse{Run: RunsLater} // assigned twice
					use = LitUse{Run: RunsLater}
				} else {
					held[use.Holder] = lit
				}
			}
			out[lit] = use
		}
		return true
	})
	if len(held) == 0 {
		return out
	}
	// A holder's other uses decide: calls run it there; one hand-over to
	// a call that runs it before it returns runs it in that call.
	uses := make(map[*types.Var][]LitUse)
	writes := make(map[*types.Var]int)
	syntax.Inspect(body, func(stack []ast.Node, inner *ast.BlockStmt) bool {
		id, ok := stack[len(stack)-1].(*ast.Ident)
		if !ok {
			return true
		}
		if v, ok := info.Uses[id].(*types.Var); ok && held[v] != nil {
			if len(stack) > 1 && assigned(stack[len(stack)-2], id) {
				writes[v]++
			} else {
				uses[v] = append(uses[v], ValueUse(info, stack, runs, inner))
			}
		}
		return true
	})
	for v, lit := range held {
		if out[lit].Run != RunsHeld {
			continue
		}
		out[lit] = heldUse(v, uses[v], writes[v])
	}
	return out
}

// heldUse is how a literal held by v runs, from v's uses.
func heldUse(v *types.Var, uses []LitUse, writes int) LitUse {
	if writes > 0 {
		return LitUse{Run: RunsLater}
	}
	calls := 0
	for _, u := range uses {
		switch u.Run {
		case RunsNow, RunsAtReturn:
			calls++
		case RunsSpawned:
			return LitUse{Run: RunsSpawned, Call: u.Call}
		case RunsInCall:
			if len(uses) == 1 {
				return u
			}
			return LitUse{Run: RunsLater}
		default:
			return LitUse{Run: RunsLater}
		}
	}
	return LitUse{Run: RunsHeld, Holder: v}
}

// ValueUse tells how the function value at the top of stack (a literal,
// or a variable that holds one) is used where it stands: called now,
// deferred or started with go; handed to a call that runs it, or to one
// that may keep it; held by a local variable (RunsHeld with its Holder,
// for a literal assigned to one); or otherwise kept (RunsLater). body is
// the innermost function body that holds it.
func ValueUse(info *types.Info, stack []ast.Node, runs RunsArg, body *ast.BlockStmt) LitUse {
	x := stack[len(stack)-1]
	i := len(stack) - 2
	for i >= 0 {
		p, ok := stack[i].(*ast.ParenExpr)
		if !ok {
			break
		}
		x = p
		i--
	}
	if i < 0 {
		return LitUse{Run: RunsLater}
	}
	stmtOf := func(call *ast.CallExpr) ast.Node {
		if i > 0 {
			switch s := stack[i-1].(type) {
			case *ast.DeferStmt:
				if s.Call == call {
					return s
				}
			case *ast.GoStmt:
				if s.Call == call {
					return s
				}
			}
		}
		return nil
	}
	switch p := stack[i].(type) {
	case *ast.CallExpr:
		if p.Fun == x {
			switch stmtOf(p).(type) {
			case *ast.DeferStmt:
				return LitUse{Run: RunsAtReturn, Call: p}
			case *ast.GoStmt:
				return LitUse{Run: RunsSpawned, Call: p}
			}
			return LitUse{Run: RunsNow, Call: p}
		}
		arg := -1
		for k, a := range p.Args {
			if a == x {
				arg = k
			}
		}
		if arg < 0 {
			return LitUse{Run: RunsLater}
		}
		if tv, ok := info.Types[p.Fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
			return LitUse{Run: RunsLater, Call: p} // converted, appended: kept
		}
		stmt := stmtOf(p)
		if _, ok := stmt.(*ast.GoStmt); ok {
			return LitUse{Run: RunsSpawned, Call: p}
		}
		if !runs(p, arg, body) {
			return LitUse{Run: RunsLater, Call: p}
		}
		if _, ok := stmt.(*ast.DeferStmt); ok {
			return LitUse{Run: RunsAtReturn, Call: p}
		}
		return LitUse{Run: RunsInCall, Call: p}
	case *ast.AssignStmt:
		if p.Tok == token.ADD_ASSIGN || len(p.Lhs) != len(p.Rhs) {
			break
		}
		for k, r := range p.Rhs {
			if r == x {
				if v, ok := info.ObjectOf(syntax.Ident(p.Lhs[k])).(*types.Var); ok && isLocal(v) {
					return LitUse{Run: RunsHeld, Holder: v}
				}
			}
		}
	case *ast.ValueSpec:
		for k, r := range p.Values {
			if r == x && len(p.Names) == len(p.Values) {
				if v, ok := info.Defs[p.Names[k]].(*types.Var); ok && isLocal(v) {
					return LitUse{Run: RunsHeld, Holder: v}
				}
			}
		}
	case *ast.BinaryExpr:
		if p.Op == token.EQL || p.Op == token.NEQ {
			return LitUse{Run: RunsNow} // compared with nil: not kept
		}
	}
	return LitUse{Run: RunsLater}
}
