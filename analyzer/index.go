package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
	"github.com/ctxnotify/ctxnotify-lint/internal/refactor"
)

// index is the package's call graph, built once by newIndex from one walk
// of its non-test files and never changed afterwards. Its nodes are the
// function bodies, declarations and literals, and the interface methods
// that types of the package implement: such a method is a node whose calls
// are the dispatches to its implementations, as printf's wrapper analysis
// treats an interface method as if its body called each implementation.
type index struct {
	fset     *token.FileSet
	info     *types.Info
	pkg      *types.Package
	funcs    []*funcNode               // the bodies in source order, then the interface methods
	decls    map[*types.Func]*funcNode // declared functions and methods, and interface methods
	lits     map[*ast.FuncLit]*funcNode
	callers  map[*funcNode][]*callSite // the reverse call graph: the static call sites of each node
	escaping escapes                   // the variables the flow analysis cannot follow
	assigned map[*types.Var]bool       // the variables assigned after their declaration, or whose address is taken
}

// funcNode is a node of the call graph: a function body (a declaration
// or a literal), or an interface method of the package (iface).
type funcNode struct {
	decl   *ast.FuncDecl // nil for a literal or an interface method
	lit    *ast.FuncLit  // nil for a declaration or an interface method
	obj    *types.Func   // the declared function or the interface method; nil for a literal
	iface  bool          // an interface method: no body, its calls are dispatches
	parent *funcNode     // the function a literal is defined in
	sig    *types.Signature
	body   *ast.BlockStmt
	cur    inspector.Cursor // the declaration or literal
	file   *ast.File        // nil for an interface method

	calls       []*callSite // statically resolved calls in the body, outside nested literals
	refs        []*funcNode // nodes it calls or references, and literals defined in it
	valueUse    bool        // referenced other than as the callee of a call
	invocations []*callSite // for a literal: the calls that run it (func(){...}() or through a funcVar)
	heldBy      *funcVar    // for a literal: the local variable that holds it, if any
}

// callSite is a call whose callee is statically known, or the dispatch of
// an interface method to one of its implementations (impl).
type callSite struct {
	call    *ast.CallExpr    // nil for a dispatch
	stmt    ast.Stmt         // the enclosing ExprStmt, DeferStmt or GoStmt, if the call is one
	stmtCur inspector.Cursor // ... and its cursor
	result  bool             // the call is a result of a return statement
	fn      *funcNode        // the node whose body holds the call
	callee  *types.Func      // the called function or method (origin), if declared
	lit     *funcNode        // the called literal, if any
	impl    string           // for a dispatch: the implementation, "APIRecorder.Event"
}

func (c *callSite) deferred() bool { _, ok := c.stmt.(*ast.DeferStmt); return ok }
func (c *callSite) spawned() bool  { _, ok := c.stmt.(*ast.GoStmt); return ok }
func (c *callSite) dispatch() bool { return c.impl != "" }

// name is the callee as written at the call, e.g. "r.recorder.Eventf";
// for a dispatch, the implementation.
func (c *callSite) name() string {
	switch {
	case c.dispatch():
		return c.impl
	case c.lit != nil:
		if id, ok := ast.Unparen(c.call.Fun).(*ast.Ident); ok {
			return id.Name
		}
		return "func literal"
	}
	return types.ExprString(ast.Unparen(c.call.Fun))
}

// target returns the node the call runs, if the package has it.
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

// flowFunc is the body the dataflow analyses.
func (f *funcNode) flowFunc() guardflow.Func { return guardflow.Func{Body: f.body, Sig: f.sig} }

// newIndex builds the call graph: one walk of each non-test file finds
// the bodies, the calls, the references and the function variables; then
// the interface methods get their nodes, and calls their callees.
func newIndex(m *model, isSink func(*types.Func) bool) *index {
	b := &indexBuilder{
		index: &index{
			fset:     m.fset,
			info:     m.info,
			pkg:      m.pkg,
			decls:    make(map[*types.Func]*funcNode),
			lits:     make(map[*ast.FuncLit]*funcNode),
			callers:  make(map[*funcNode][]*callSite),
			escaping: make(escapes),
			assigned: make(map[*types.Var]bool),
		},
		vars:      newFuncVarsBuilder(m.info, m.pkg),
		funcNames: funcNamesOf(m),
	}
	for fileCur := range m.inspect.Root().Children() {
		if file := fileCur.Node().(*ast.File); m.isSource(file) {
			b.walk(fileCur, file)
		}
	}
	b.addInterfaceMethods(m, isSink)
	b.link()
	return b.index
}

// indexBuilder is what the walk gathers before calls can be resolved:
// a call through a function variable, or a reference to a function
// declared further on, is known only once every file has been seen.
type indexBuilder struct {
	*index
	vars      *funcVarsBuilder
	funcNames map[string]bool // the names of the package's functions and methods, interface methods included
	stack     []*funcNode     // the bodies around the current node, innermost last
	calls     []pendingCall
	refs      []pendingRef
	litUses   []*funcNode // literals not called where they are defined
}

type pendingCall struct {
	cur inspector.Cursor
	fn  *funcNode
}

type pendingRef struct {
	fn    *types.Func
	owner *funcNode // nil outside function bodies
}

var indexedNodes = []ast.Node{
	(*ast.FuncDecl)(nil), (*ast.FuncLit)(nil), (*ast.CallExpr)(nil), (*ast.Ident)(nil),
	(*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.UnaryExpr)(nil), (*ast.IncDecStmt)(nil),
	(*ast.RangeStmt)(nil), (*ast.FuncType)(nil),
}

// walk visits one file in preorder. The body a node belongs to is the
// innermost one whose range holds it: bodies nest, so a stack of them,
// popped as the walk leaves their ranges, tells it without a parent walk.
func (b *indexBuilder) walk(fileCur inspector.Cursor, file *ast.File) {
	b.stack = b.stack[:0]
	for cur := range fileCur.Preorder(indexedNodes...) {
		n := cur.Node()
		for len(b.stack) > 0 && b.stack[len(b.stack)-1].cur.Node().End() <= n.Pos() {
			b.stack = b.stack[:len(b.stack)-1]
		}
		owner := b.owner()
		switch n := n.(type) {
		case *ast.FuncDecl:
			if f := b.declNode(cur, n, file); f != nil {
				b.stack = append(b.stack, f)
			}
		case *ast.FuncLit:
			if f := b.litNode(cur, n, file, owner); f != nil {
				b.stack = append(b.stack, f)
				if !isCallee(cur) {
					b.litUses = append(b.litUses, f)
				}
			}
		case *ast.CallExpr:
			if owner != nil {
				b.calls = append(b.calls, pendingCall{cur, owner})
			}
		case *ast.Ident:
			// Most identifiers name neither a function of the package nor a
			// local function variable: a lookup in info.Uses, as large as
			// the package, would miss the cache for each.
			if !b.funcNames[n.Name] && !b.vars.named[n.Name] {
				continue
			}
			switch obj := b.info.Uses[n].(type) {
			case *types.Func:
				if !isCallee(cur) {
					b.refs = append(b.refs, pendingRef{obj.Origin(), owner})
				}
			case *types.Var:
				if !isCallee(cur) {
					b.vars.use(obj)
				}
			}
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				kind := assigns // a := that declares lhs (not one that reuses it) is no assignment
				if n.Tok == token.DEFINE && b.info.Defs[identOf(lhs)] != nil {
					kind = declaresVar
				}
				b.mutates(lhs, valueOf(n.Rhs, len(n.Lhs), i), kind, owner)
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				b.mutates(id, valueOf(n.Values, len(n.Names), i), declaresVar, owner)
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				b.mutates(n.X, nil, takesAddress, owner)
			}
		case *ast.IncDecStmt:
			b.mutates(n.X, nil, increments, owner)
		case *ast.RangeStmt:
			if n.Tok == token.ASSIGN {
				for _, x := range []ast.Expr{n.Key, n.Value} {
					if x != nil {
						b.mutates(x, nil, assigns, owner)
					}
				}
			}
		case *ast.FuncType:
			b.vars.declare(n)
		}
	}
}

// mutation is how a statement changes a variable.
type mutation uint8

const (
	declaresVar  mutation = iota // declares it, with a value
	assigns                      // assigns it
	increments                   // x++, x--
	takesAddress                 // &x: it may be written through
)

// mutates records what a statement of owner (nil outside any function)
// does to x, for what each part of the index reads: the function
// variables that calls resolve through (their writes and values), the
// variables assigned after their declaration, and those the dataflow
// cannot follow (escaping: the address taken, or assigned by a literal
// that does not declare them).
func (b *indexBuilder) mutates(x, value ast.Expr, kind mutation, owner *funcNode) {
	switch kind {
	case declaresVar, assigns:
		b.vars.write(x, value)
	case takesAddress:
		b.vars.addressTaken(x)
	}
	v := varOf(b.info, x)
	if v == nil {
		return
	}
	if kind != declaresVar {
		b.assigned[v] = true
	}
	if kind == takesAddress {
		b.escaping.mark(v, nil, true)
	} else {
		b.escaping.mark(v, owner.literal(), false)
	}
}

// funcNamesOf returns the names of the package's declared functions and
// methods, and of the methods of its interfaces.
func funcNamesOf(m *model) map[string]bool {
	names := make(map[string]bool)
	for _, d := range m.decls {
		names[d.obj.Name()] = true
	}
	scope := m.pkg.Scope()
	for _, name := range scope.Names() {
		if tn, ok := scope.Lookup(name).(*types.TypeName); ok {
			if it, ok := tn.Type().Underlying().(*types.Interface); ok {
				for meth := range it.Methods() {
					names[meth.Name()] = true
				}
			}
		}
	}
	return names
}

// valueOf returns the value assigned to the i-th of n names, or nil when
// the values are not one per name (a call with several results).
func valueOf(values []ast.Expr, n, i int) ast.Expr {
	if len(values) != n {
		return nil
	}
	return values[i]
}

func (b *indexBuilder) owner() *funcNode {
	if len(b.stack) == 0 {
		return nil
	}
	return b.stack[len(b.stack)-1]
}

// literal returns the literal f is, or nil (also for no function).
func (f *funcNode) literal() *ast.FuncLit {
	if f == nil {
		return nil
	}
	return f.lit
}

func (b *indexBuilder) declNode(cur inspector.Cursor, n *ast.FuncDecl, file *ast.File) *funcNode {
	obj, ok := b.info.Defs[n.Name].(*types.Func)
	if n.Body == nil || !ok {
		return nil
	}
	f := &funcNode{decl: n, obj: obj, sig: obj.Signature(), body: n.Body, cur: cur, file: file}
	b.decls[obj] = f
	b.funcs = append(b.funcs, f)
	return f
}

func (b *indexBuilder) litNode(cur inspector.Cursor, n *ast.FuncLit, file *ast.File, parent *funcNode) *funcNode {
	sig, ok := b.info.TypeOf(n).(*types.Signature)
	if !ok {
		return nil
	}
	f := &funcNode{lit: n, parent: parent, sig: sig, body: n.Body, cur: cur, file: file}
	if parent != nil { // else: in a package-level declaration
		parent.refs = append(parent.refs, f)
	}
	b.lits[n] = f
	b.funcs = append(b.funcs, f)
	return f
}

// link resolves what the walk gathered: the function variables, how each
// literal is used, each call's callee, the references, and the callers.
func (b *indexBuilder) link() {
	funcVars := b.vars.result()
	litVars := make(map[*ast.FuncLit]*funcVar)
	for _, fv := range funcVars {
		if fv.target.lit != nil {
			litVars[fv.target.lit] = fv
		}
	}
	for _, f := range b.litUses {
		if fv := litVars[f.lit]; fv != nil {
			f.heldBy = fv
		} else {
			f.valueUse = true
		}
	}
	for _, pc := range b.calls {
		if site := b.newCallSite(pc.cur, pc.fn, funcVars); site != nil {
			pc.fn.calls = append(pc.fn.calls, site)
			if t := b.target(site); t != nil && site.lit == nil {
				pc.fn.refs = append(pc.fn.refs, t)
			}
		}
	}
	for _, r := range b.refs {
		if t := b.decls[r.fn]; t != nil {
			t.valueUse = true
			if r.owner != nil {
				r.owner.refs = append(r.owner.refs, t)
			}
		}
	}
	for _, f := range b.funcs {
		for _, site := range f.calls {
			if t := b.target(site); t != nil {
				b.callers[t] = append(b.callers[t], site)
			}
		}
	}
}

// newCallSite resolves a call's callee, or returns nil when it cannot be
// known statically (calls through interfaces the package does not
// implement, function values, builtins and conversions).
func (b *indexBuilder) newCallSite(cur inspector.Cursor, f *funcNode, funcVars map[*types.Var]*funcVar) *callSite {
	call := cur.Node().(*ast.CallExpr)
	site := &callSite{call: call, fn: f, stmt: enclosingCallStmt(cur)}
	if site.stmt != nil {
		site.stmtCur = cur.Parent()
	}
	_, site.result = cur.Parent().Node().(*ast.ReturnStmt)
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.FuncLit:
		return b.invokes(site, b.lits[fun])
	case *ast.Ident:
		if v, ok := b.info.Uses[fun].(*types.Var); ok {
			fv, ok := funcVars[v]
			if !ok {
				return nil
			}
			site.callee = fv.target.callee
			if fv.target.lit != nil {
				return b.invokes(site, b.lits[fv.target.lit])
			}
			return site
		}
	}
	if fn, ok := typeutil.Callee(b.info, call).(*types.Func); ok {
		site.callee = fn.Origin()
		return site
	}
	return nil
}

// invokes records that site runs the literal lit.
func (b *indexBuilder) invokes(site *callSite, lit *funcNode) *callSite {
	if lit == nil {
		return nil
	}
	site.lit = lit
	lit.invocations = append(lit.invocations, site)
	return site
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

// varOf returns the variable the identifier e names, if any.
func varOf(info *types.Info, e ast.Expr) *types.Var {
	if id := identOf(e); id != nil {
		v, _ := info.ObjectOf(id).(*types.Var)
		return v
	}
	return nil
}

// identOf returns the identifier e names, or nil.
func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// isCallee reports whether the identifier or literal cur is the function
// called by its parent call (f(), x.f(), (f)(), f[T]()). Only a generic
// function's name can be indexed and called: an indexed variable (fns[0]())
// is no function variable the index follows.
func isCallee(cur inspector.Cursor) bool {
	ek, _ := cur.ParentEdge()
	if ek == edge.SelectorExpr_Sel {
		cur = cur.Parent()
		ek, _ = cur.ParentEdge()
	}
	for ek == edge.ParenExpr_X || ek == edge.IndexExpr_X || ek == edge.IndexListExpr_X {
		cur = cur.Parent() // (f)(), f[T](), f[K, V]()
		ek, _ = cur.ParentEdge()
	}
	return ek == edge.CallExpr_Fun
}

// outer is f's outermost function, as the fixes' name lookups see it.
func (f *funcNode) outer() refactor.Outer {
	o := f.outermost()
	return refactor.Outer{Body: o.body, Sig: o.sig, File: o.file}
}
