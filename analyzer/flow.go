package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"
	"golang.org/x/tools/go/types/typeutil"
)

// flowResult answers, for the calls of one function, whether every path
// from the function's entry passes the "not cancelled" outcome of a check.
type flowResult struct {
	graph   *cfg.CFG
	blockOf map[*ast.CallExpr]*cfg.Block
	// mustFromUnguarded[i]: block i is guarded on entry when the function's
	// entry is not; mustFromGuarded: when it is (rule 3, invoked literals).
	mustFromUnguarded, mustFromGuarded []bool
	someGuarded                        []bool // some path is guarded (for explanations)
	checks                             []checkAt
}

// checkAt is a block's condition that contains cancellation checks.
type checkAt struct {
	cond  ast.Expr
	block *cfg.Block
	alive []*cfg.Block // the successors reached only when not cancelled
	atoms []check      // the checks in cond
}

// addCheck records block b's condition when it contains checks. go/cfg
// keeps a whole condition in one block, so the outcomes of "a && !b" are
// derived here. A case expression of a tagged switch compares with tag.
func (r *flowResult) addCheck(a *pass, b *cfg.Block, cond, tag ast.Expr) {
	c := checkAt{cond: cond, block: b}
	if tag != nil {
		atom, ok := a.comparisonCheck(tag, cond, token.EQL)
		if !ok {
			return
		}
		c.atoms = []check{atom}
		c.alive = []*cfg.Block{b.Succs[1]}
		if atom.trueAlive {
			c.alive = []*cfg.Block{b.Succs[0]}
		}
		r.checks = append(r.checks, c)
		return
	}
	c.atoms = a.checkAtoms(cond, nil)
	if len(c.atoms) == 0 {
		return
	}
	for i, outcome := range []bool{true, false} {
		if a.impliesAlive(cond, outcome) {
			c.alive = append(c.alive, b.Succs[i])
		}
	}
	r.checks = append(r.checks, c)
}

// flowOf builds f's control-flow graph and guard states on first use.
func (a *pass) flowOf(f *funcInfo) *flowResult {
	if f.flow != nil {
		return f.flow
	}
	r := &flowResult{
		graph:   cfg.New(f.body, a.mayReturn),
		blockOf: make(map[*ast.CallExpr]*cfg.Block),
	}
	aliveEntry := make(map[*cfg.Block]bool)
	selectDefaults := a.cancelSelectDefaults(f.body)
	switchTags := caseTags(f.body)
	for _, b := range r.graph.Blocks {
		for _, n := range b.Nodes {
			ast.Inspect(n, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncLit:
					return false
				case *ast.CallExpr:
					r.blockOf[n] = b
				}
				return true
			})
		}
		if b.Kind == cfg.KindSelectAfterCase && selectDefaults[b.Stmt.(*ast.CommClause)] {
			aliveEntry[b] = true
		}
		if len(b.Succs) == 2 && len(b.Nodes) > 0 && b.Succs[0] != b.Succs[1] {
			if cond, ok := b.Nodes[len(b.Nodes)-1].(ast.Expr); ok {
				r.addCheck(a, b, cond, switchTags[cond])
			}
		}
	}
	r.mustFromUnguarded = r.solve(false, aliveEntry, true)
	r.mustFromGuarded = r.solve(true, aliveEntry, true)
	r.someGuarded = r.solve(false, aliveEntry, false)
	f.flow = r
	return r
}

// solve computes each block's guard state on entry: with must, whether all
// paths are guarded (greatest fixpoint); without, whether some path is.
func (r *flowResult) solve(entry bool, aliveEntry map[*cfg.Block]bool, must bool) []bool {
	blocks := r.graph.Blocks
	aliveEdge := make(map[[2]int32]bool, len(r.checks))
	for _, c := range r.checks {
		for _, s := range c.alive {
			aliveEdge[[2]int32{c.block.Index, s.Index}] = true
		}
	}
	preds := make([][]*cfg.Block, len(blocks))
	for _, b := range blocks {
		if b.Live {
			for _, s := range b.Succs {
				preds[s.Index] = append(preds[s.Index], b)
			}
		}
	}
	state := make([]bool, len(blocks))
	for i := range state {
		state[i] = must
	}
	state[0] = entry
	for changed := true; changed; {
		changed = false
		for _, b := range blocks[1:] {
			v := must
			if aliveEntry[b] {
				v = true
			} else if len(preds[b.Index]) > 0 {
				for _, p := range preds[b.Index] {
					in := state[p.Index] || aliveEdge[[2]int32{p.Index, b.Index}]
					if must {
						v = v && in
					} else {
						v = v || in
					}
				}
			}
			if v != state[b.Index] {
				state[b.Index] = v
				changed = true
			}
		}
	}
	return state
}

// guardedAt reports whether every path to the call passes a check's "not
// cancelled" outcome. Calls in dead code never run, so they are guarded.
func (a *pass) guardedAt(site *callSite) bool {
	if site.deferred() {
		return false // runs at return, after every check
	}
	r := a.flowOf(site.fn)
	b, ok := r.blockOf[site.call]
	if !ok {
		return false
	}
	if !b.Live {
		return true
	}
	return r.mustFromUnguarded[b.Index] || a.entryGuarded(site.fn) && r.mustFromGuarded[b.Index]
}

// entryGuarded: a declared function exempt by rule 3, or a literal run
// where it is defined, at a guarded point.
func (a *pass) entryGuarded(f *funcInfo) bool {
	if f.decl != nil {
		return f.guarded
	}
	if f.invoked == nil || f.invoked.deferred() || f.invoked.spawned() {
		return false // runs later: it needs its own check
	}
	return a.guardedAt(f.invoked)
}

// cancelSelectDefaults finds, for each select with a default arm and a
// case receiving from a usable context's Done channel, the last non-default
// clause: go/cfg places the default body in the block after it.
func (a *pass) cancelSelectDefaults(body *ast.BlockStmt) map[*ast.CommClause]bool {
	out := make(map[*ast.CommClause]bool)
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SelectStmt:
			var last *ast.CommClause
			hasDefault, hasDone := false, false
			for _, s := range n.Body.List {
				cc := s.(*ast.CommClause)
				if cc.Comm == nil {
					hasDefault = true
					continue
				}
				last = cc
				hasDone = hasDone || a.receivesDone(cc.Comm)
			}
			if hasDefault && hasDone && last != nil {
				out[last] = true
			}
		}
		return true
	})
	return out
}

// receivesDone recognises "<-ctx.Done()", "v := <-ctx.Done()" and
// "_, ok := <-ctx.Done()" for a usable context.
func (a *pass) receivesDone(comm ast.Stmt) bool {
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
		return false
	}
	call, ok := ast.Unparen(u.X).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := typeutil.Callee(a.TypesInfo, call)
	sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return isSel && fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "context" &&
		fn.Name() == "Done" && a.usableContextExpr(sel.X)
}

// caseTags maps each case expression of a tagged switch to the tag, so
// that "switch ctx.Err() { case context.Canceled: }" reads as a check.
func caseTags(body *ast.BlockStmt) map[ast.Expr]ast.Expr {
	out := make(map[ast.Expr]ast.Expr)
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SwitchStmt:
			if n.Tag != nil {
				for _, s := range n.Body.List {
					for _, e := range s.(*ast.CaseClause).List {
						out[e] = n.Tag
					}
				}
			}
		}
		return true
	})
	return out
}

// mayReturn tells go/cfg which calls never return: panic, well-known
// functions, and functions of the package that end in such a call with no
// return statement (func fatal(err error) { log.Fatal(err) }).
func (a *pass) mayReturn(call *ast.CallExpr) bool {
	switch fn := typeutil.Callee(a.TypesInfo, call).(type) {
	case *types.Builtin:
		return fn.Name() != "panic"
	case *types.Func:
		fn = fn.Origin()
		if noReturnFuncs[qualifiedName(fn)] {
			return false
		}
		if f := a.decls[fn]; f != nil {
			return !a.neverReturns(f)
		}
	}
	return true
}

// neverReturns reports whether a function of the package cannot return.
// Only a function whose last statement is a call that never returns can
// qualify, so most functions cost a glance; the rest get a graph.
func (a *pass) neverReturns(f *funcInfo) bool {
	if v, ok := a.noReturn[f]; ok {
		return v
	}
	a.noReturn[f] = false // recursion: assume it returns
	v := false
	if n := len(f.body.List); n > 0 {
		if last, ok := f.body.List[n-1].(*ast.ExprStmt); ok {
			if call, ok := ast.Unparen(last.X).(*ast.CallExpr); ok && !a.mayReturn(call) {
				v = cfg.New(f.body, a.mayReturn).NoReturn()
			}
		}
	}
	a.noReturn[f] = v
	return v
}

// noReturnFuncs are well-known functions that never return.
var noReturnFuncs = map[string]bool{
	"os.Exit":                true,
	"runtime.Goexit":         true,
	"log.Fatal":              true,
	"log.Fatalf":             true,
	"log.Fatalln":            true,
	"log.Panic":              true,
	"log.Panicf":             true,
	"log.Panicln":            true,
	"log.Logger.Fatal":       true,
	"log.Logger.Fatalf":      true,
	"log.Logger.Fatalln":     true,
	"log.Logger.Panic":       true,
	"log.Logger.Panicf":      true,
	"log.Logger.Panicln":     true,
	"k8s.io/klog/v2.Fatal":   true,
	"k8s.io/klog/v2.Fatalf":  true,
	"k8s.io/klog/v2.Fatalln": true,
	"k8s.io/klog/v2.Exit":    true,
	"k8s.io/klog/v2.Exitf":   true,
	"k8s.io/klog/v2.Exitln":  true,
	"testing.common.FailNow": true,
	"testing.common.Fatal":   true,
	"testing.common.Fatalf":  true,
	"testing.common.SkipNow": true,
	"testing.common.Skip":    true,
	"testing.common.Skipf":   true,
}
