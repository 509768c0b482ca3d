package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
)

// index is what the stages need to know about the package's non-test
// files, built once by newIndex and never changed afterwards.
type index struct {
	fset     *token.FileSet
	info     *types.Info
	pkg      *types.Package
	funcs    []*funcNode // every function body, declarations and literals, in source order
	decls    map[*types.Func]*funcNode
	lits     map[*ast.FuncLit]*funcNode
	callers  map[*funcNode][]*callSite // the reverse call graph: static call sites of each function
	funcVars map[*types.Var]*funcVar
	litVars  map[*ast.FuncLit]*funcVar // the function variable that holds a literal
}

// funcNode is one function body of the package: a declaration or a literal.
type funcNode struct {
	decl    *ast.FuncDecl // nil for a literal
	lit     *ast.FuncLit  // nil for a declaration
	obj     *types.Func   // the declared function; nil for a literal
	parent  *funcNode     // the function a literal is defined in
	sig     *types.Signature
	body    *ast.BlockStmt
	cur     inspector.Cursor // the declaration or literal
	bodyCur inspector.Cursor
	file    *ast.File

	calls       []*callSite // statically resolved calls in the body, outside nested literals
	refs        []*funcNode // package functions it calls or references, and literals defined in it
	valueUse    bool        // referenced other than as the callee of a call
	invocations []*callSite // for a literal: the calls that run it (func(){...}() or through a funcVar)
	heldBy      *funcVar    // for a literal: the local variable that holds it, if any
}

// callSite is a call whose callee is statically known.
type callSite struct {
	call    *ast.CallExpr
	stmt    ast.Stmt         // the enclosing ExprStmt, DeferStmt or GoStmt, if the call is one
	stmtCur inspector.Cursor // ... and its cursor
	fn      *funcNode        // the function whose body holds the call
	callee  *types.Func      // the called function or method (origin), if declared
	lit     *funcNode        // the called literal, if any
}

func (c *callSite) deferred() bool { _, ok := c.stmt.(*ast.DeferStmt); return ok }
func (c *callSite) spawned() bool  { _, ok := c.stmt.(*ast.GoStmt); return ok }

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

// target returns the function of the package the call runs, if any.
func (idx *index) target(c *callSite) *funcNode {
	if c.lit != nil {
		return c.lit
	}
	if c.callee != nil {
		return idx.decls[c.callee]
	}
	return nil
}

func (f *funcNode) name() string {
	if f.obj != nil {
		return f.obj.Name()
	}
	return "func literal"
}

// outermost returns the declaration a literal is nested in.
func (f *funcNode) outermost() *funcNode {
	for f.parent != nil {
		f = f.parent
	}
	return f
}

// newIndex indexes every function body of the package's non-test files,
// the calls in them whose callee is statically known, and the references
// to package functions.
func newIndex(m *model, in *inspector.Inspector) *index {
	idx := &index{
		fset:     m.fset,
		info:     m.info,
		pkg:      m.pkg,
		decls:    make(map[*types.Func]*funcNode),
		lits:     make(map[*ast.FuncLit]*funcNode),
		callers:  make(map[*funcNode][]*callSite),
		funcVars: staticFuncVars(m.info, m.pkg, in.Root()),
		litVars:  make(map[*ast.FuncLit]*funcVar),
	}
	for _, fv := range idx.funcVars {
		if fv.target.lit != nil {
			idx.litVars[fv.target.lit] = fv
		}
	}
	for fileCur := range in.Root().Children() {
		file := fileCur.Node().(*ast.File)
		if !m.isSource(file) {
			continue
		}
		for cur := range fileCur.Preorder((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
			if f := idx.newFuncNode(cur, file); f != nil {
				idx.funcs = append(idx.funcs, f)
			}
		}
	}
	for _, f := range idx.funcs {
		idx.indexCalls(f)
	}
	return idx
}

func (idx *index) newFuncNode(cur inspector.Cursor, file *ast.File) *funcNode {
	info := idx.info
	f := &funcNode{file: file, cur: cur}
	switch n := cur.Node().(type) {
	case *ast.FuncDecl:
		obj, ok := info.Defs[n.Name].(*types.Func)
		if n.Body == nil || !ok {
			return nil
		}
		f.decl, f.body, f.obj, f.sig = n, n.Body, obj, obj.Signature()
		f.bodyCur = cur.ChildAt(edge.FuncDecl_Body, -1)
		idx.decls[obj] = f
	case *ast.FuncLit:
		sig, ok := info.TypeOf(n).(*types.Signature)
		if !ok {
			return nil
		}
		for encl := range cur.Parent().Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
			switch e := encl.Node().(type) {
			case *ast.FuncDecl:
				if obj, ok := info.Defs[e.Name].(*types.Func); ok {
					f.parent = idx.decls[obj]
				}
			case *ast.FuncLit:
				f.parent = idx.lits[e]
			}
			break
		}
		f.lit, f.body, f.sig = n, n.Body, sig
		f.bodyCur = cur.ChildAt(edge.FuncLit_Body, -1)
		if f.parent != nil { // else: in a package-level declaration
			f.parent.refs = append(f.parent.refs, f)
		}
		idx.lits[n] = f
	}
	return f
}

// indexCalls records f's statically resolved calls, and its references to
// functions of the package.
func (idx *index) indexCalls(f *funcNode) {
	f.bodyCur.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.CallExpr)(nil), (*ast.Ident)(nil)}, func(cur inspector.Cursor) bool {
		switch n := cur.Node().(type) {
		case *ast.FuncLit:
			idx.noteLiteralUse(cur, n)
			return false // its own funcNode indexes its calls
		case *ast.CallExpr:
			if site := idx.newCallSite(cur, f); site != nil {
				f.calls = append(f.calls, site)
				if t := idx.target(site); t != nil {
					idx.callers[t] = append(idx.callers[t], site)
					if site.lit == nil {
						f.refs = append(f.refs, t)
					}
				}
			}
		case *ast.Ident:
			if fn, ok := idx.info.Uses[n].(*types.Func); ok && !isCallee(cur) {
				if t := idx.decls[fn.Origin()]; t != nil {
					t.valueUse = true
					f.refs = append(f.refs, t)
				}
			}
		}
		return true
	})
}

// noteLiteralUse records how a literal is used: run where it is defined
// (its call site records that), held by a function variable, or passed on
// as a value.
func (idx *index) noteLiteralUse(cur inspector.Cursor, lit *ast.FuncLit) {
	f := idx.lits[lit]
	if f == nil || isCallee(cur) {
		return
	}
	if fv := idx.litVars[lit]; fv != nil {
		f.heldBy = fv
		return
	}
	f.valueUse = true
}

// newCallSite resolves a call's callee, or returns nil when it cannot be
// known statically (calls through interfaces other than sinks, function
// values, builtins and conversions).
func (idx *index) newCallSite(cur inspector.Cursor, f *funcNode) *callSite {
	info := idx.info
	call := cur.Node().(*ast.CallExpr)
	site := &callSite{call: call, fn: f, stmt: enclosingCallStmt(cur)}
	if site.stmt != nil {
		site.stmtCur = cur.Parent()
	}
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.FuncLit:
		site.lit = idx.lits[fun]
		if site.lit == nil {
			return nil
		}
		site.lit.invocations = append(site.lit.invocations, site)
		return site
	case *ast.Ident:
		if v, ok := info.Uses[fun].(*types.Var); ok {
			fv, ok := idx.funcVars[v]
			if !ok {
				return nil
			}
			site.callee = fv.target.callee
			if fv.target.lit != nil {
				site.lit = idx.lits[fv.target.lit]
				if site.lit == nil {
					return nil
				}
				site.lit.invocations = append(site.lit.invocations, site)
			}
			return site
		}
	}
	if fn, ok := typeutil.Callee(info, call).(*types.Func); ok {
		site.callee = fn.Origin()
		return site
	}
	return nil
}

// enclosingCallStmt returns the ExprStmt, DeferStmt or GoStmt whose call
// cur is, if any.
func enclosingCallStmt(cur inspector.Cursor) ast.Stmt {
	switch parent := cur.Parent().Node().(type) {
	case *ast.ExprStmt:
		return parent
	case *ast.DeferStmt:
		return parent
	case *ast.GoStmt:
		return parent
	}
	return nil
}

// escapingVarsOf finds the local variables whose address is taken or that
// a function literal other than the one declaring them assigns: the flow
// analysis cannot follow what they hold. (An assignment in a nested
// literal is seen from each literal around it; literals rarely nest deep.)
func escapingVarsOf(info *types.Info, in *inspector.Inspector) map[*types.Var]bool {
	out := make(map[*types.Var]bool)
	mark := func(e ast.Expr, outside func(*types.Var) bool) {
		if id := identOf(e); id != nil {
			if v, ok := info.ObjectOf(id).(*types.Var); ok && outside(v) {
				out[v] = true
			}
		}
	}
	always := func(*types.Var) bool { return true }
	for cur := range in.Root().Preorder((*ast.UnaryExpr)(nil), (*ast.FuncLit)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				mark(n.X, always)
			}
		case *ast.FuncLit:
			outside := func(v *types.Var) bool { return v.Pos() < n.Pos() || v.Pos() >= n.End() }
			for inner := range cur.Preorder((*ast.AssignStmt)(nil), (*ast.IncDecStmt)(nil)) {
				switch m := inner.Node().(type) {
				case *ast.AssignStmt:
					for _, l := range m.Lhs {
						mark(l, outside)
					}
				case *ast.IncDecStmt:
					mark(m.X, outside)
				}
			}
		}
	}
	return out
}

// identOf returns the identifier e names, or nil.
func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// isCallee reports whether the identifier or literal cur is the function
// called by its parent call (f(), x.f(), (f)()).
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

// flowFunc is the body the dataflow analyses.
func (f *funcNode) flowFunc() guardflow.Func { return guardflow.Func{Body: f.body, Sig: f.sig} }
