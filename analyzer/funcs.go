package analyzer

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
)

// funcInfo is one function body of the package: a declaration or a literal.
type funcInfo struct {
	decl    *ast.FuncDecl // nil for a literal
	lit     *ast.FuncLit  // nil for a declaration
	obj     *types.Func   // the declared function; nil for a literal
	parent  *funcInfo     // enclosing function of a literal
	sig     *types.Signature
	body    *ast.BlockStmt
	bodyCur inspector.Cursor
	file    *ast.File

	calls    []*callSite // calls of sinks and functions, outside nested literals
	refs     []*funcInfo // package functions it calls or references, literals defined in it
	invoked  *callSite   // the call that runs this literal where it is defined
	valueUse bool        // referenced other than as the callee of a call

	flow      *flowResult // guard analysis, built only for functions that may emit
	reconcile bool        // reached from a root (scope reconcile)
	guarded   bool        // rule 3: every call site is guarded
	emits     *callSite   // an unguarded emitting call without a usable context
}

// callSite is a call whose callee is statically known.
type callSite struct {
	call   *ast.CallExpr
	stmt   ast.Stmt // the enclosing ExprStmt, DeferStmt or GoStmt, if the call is one
	fn     *funcInfo
	callee *types.Func // the called function (origin), if declared
	lit    *funcInfo   // the called literal, if any
}

func (c *callSite) deferred() bool { _, ok := c.stmt.(*ast.DeferStmt); return ok }
func (c *callSite) spawned() bool  { _, ok := c.stmt.(*ast.GoStmt); return ok }

// target returns the package function or literal the call runs, if any.
func (a *pass) target(c *callSite) *funcInfo {
	if c.lit != nil {
		return c.lit
	}
	if c.callee != nil {
		return a.decls[c.callee]
	}
	return nil
}

// name is the callee as written at the call, e.g. "r.recorder.Eventf".
func (c *callSite) name() string {
	if c.lit != nil {
		if id, ok := ast.Unparen(c.call.Fun).(*ast.Ident); ok {
			return id.Name
		}
		return "func literal"
	}
	return types.ExprString(ast.Unparen(c.call.Fun))
}

// collectFuncs indexes every function body in the package's non-test files
// and the calls in them whose callee is statically known.
func (a *pass) collectFuncs() {
	in := a.Pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	byNode := a.byNode
	for fileCur := range in.Root().Children() {
		file := fileCur.Node().(*ast.File)
		if a.isTestFile(file) {
			continue
		}
		for cur := range fileCur.Preorder((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
			f := &funcInfo{file: file}
			switch n := cur.Node().(type) {
			case *ast.FuncDecl:
				if n.Body == nil {
					continue
				}
				f.decl, f.body = n, n.Body
				f.bodyCur = cur.ChildAt(edge.FuncDecl_Body, -1)
				f.obj, _ = a.TypesInfo.Defs[n.Name].(*types.Func)
				if f.obj == nil {
					continue
				}
				f.sig = f.obj.Signature()
				a.decls[f.obj] = f
			case *ast.FuncLit:
				f.lit, f.body = n, n.Body
				f.bodyCur = cur.ChildAt(edge.FuncLit_Body, -1)
				f.sig, _ = a.TypesInfo.TypeOf(n).(*types.Signature)
				if f.sig == nil {
					continue
				}
				if encl, ok := enclosingFunc(cur.Parent()); ok {
					f.parent = byNode[encl]
				}
				if f.parent == nil {
					continue // a literal outside any function body
				}
				f.parent.refs = append(f.parent.refs, f)
			}
			byNode[cur.Node()] = f
			a.funcs = append(a.funcs, f)
		}
	}
	a.funcVars = a.staticFuncVars(in)
	for _, f := range a.funcs {
		a.collectCalls(f)
	}
}

// collectCalls records f's calls and references to package functions.
func (a *pass) collectCalls(f *funcInfo) {
	f.bodyCur.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.CallExpr)(nil), (*ast.Ident)(nil)}, func(cur inspector.Cursor) bool {
		switch n := cur.Node().(type) {
		case *ast.FuncLit:
			return false // its own funcInfo collects its calls
		case *ast.CallExpr:
			if site := a.newCallSite(cur, f); site != nil {
				f.calls = append(f.calls, site)
				if t := a.target(site); t != nil && site.lit == nil {
					f.refs = append(f.refs, t)
				}
			}
		case *ast.Ident:
			if fn, ok := a.TypesInfo.Uses[n].(*types.Func); ok && !isCallee(cur) {
				if t := a.decls[fn.Origin()]; t != nil {
					t.valueUse = true
					f.refs = append(f.refs, t)
				}
			}
		}
		return true
	})
}

// newCallSite resolves a call's callee, or returns nil when it cannot be
// known statically (calls through interfaces other than sinks, function
// values, builtins and conversions).
func (a *pass) newCallSite(cur inspector.Cursor, f *funcInfo) *callSite {
	call := cur.Node().(*ast.CallExpr)
	site := &callSite{call: call, fn: f}
	switch parent := cur.Parent().Node().(type) {
	case *ast.ExprStmt:
		site.stmt = parent
	case *ast.DeferStmt:
		site.stmt = parent
	case *ast.GoStmt:
		site.stmt = parent
	}
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.FuncLit:
		site.lit = a.byNode[fun]
		if site.lit != nil {
			site.lit.invoked = site
		}
		return site
	case *ast.Ident:
		if v, ok := a.TypesInfo.Uses[fun].(*types.Var); ok {
			if t, ok := a.funcVars[v]; ok {
				site.callee, site.lit = t.callee, t.lit
				return site
			}
			return nil
		}
	}
	if fn, ok := typeutil.Callee(a.TypesInfo, call).(*types.Func); ok {
		site.callee = fn.Origin()
		return site
	}
	return nil
}

// enclosingFunc returns the innermost function declaration or literal at
// or above cur.
func enclosingFunc(cur inspector.Cursor) (ast.Node, bool) {
	for encl := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		return encl.Node(), true
	}
	return nil, false
}

// isCallee reports whether the identifier cur is the function called by
// its parent call (f() or x.f()).
func isCallee(cur inspector.Cursor) bool {
	ek, _ := cur.ParentEdge()
	if ek == edge.SelectorExpr_Sel {
		cur = cur.Parent()
		ek, _ = cur.ParentEdge()
	}
	for ek == edge.ParenExpr_X {
		cur = cur.Parent()
		ek, _ = cur.ParentEdge()
	}
	return ek == edge.CallExpr_Fun
}

func (a *pass) isTestFile(file *ast.File) bool {
	return strings.HasSuffix(a.Fset.File(file.FileStart).Name(), "_test.go")
}
