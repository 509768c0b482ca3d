package callgraph

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
	"github.com/ctxnotify/ctxnotify-lint/internal/refactor"
	"github.com/ctxnotify/ctxnotify-lint/internal/syntax"
)

// Graph is the package's call graph, built once by NewGraph from one walk
// of its non-test files and never changed afterwards. Its nodes are the
// function bodies, declarations and literals, and the interface methods
// that types of the package implement: such a method is a node whose calls
// are the dispatches to its implementations, as printf's wrapper analysis
// treats an interface method as if its body called each implementation.
type Graph struct {
	Fset     *token.FileSet
	Info     *types.Info
	Pkg      *types.Package
	Funcs    []*Func               // the bodies in source order, then the interface methods
	Decls    map[*types.Func]*Func // declared functions and methods, and interface methods
	Lits     map[*ast.FuncLit]*Func
	Callers  map[*Func][]*Site   // the reverse call graph: the static call sites of each node
	Escaping Escapes             // the variables the flow analysis cannot follow
	Assigned map[*types.Var]bool // the variables assigned after their declaration, or whose address is taken
}

// Func is a node of the call graph: a function body (a declaration
// or a literal), or an interface method of the package (iface).
type Func struct {
	Decl   *ast.FuncDecl // nil for a literal or an interface method
	Lit    *ast.FuncLit  // nil for a declaration or an interface method
	Obj    *types.Func   // the declared function or the interface method; nil for a literal
	Iface  bool          // an interface method: no body, its calls are dispatches
	Parent *Func         // the function a literal is defined in
	Sig    *types.Signature
	Body   *ast.BlockStmt
	Cur    inspector.Cursor // the declaration or literal
	File   *ast.File        // nil for an interface method

	Calls       []*Site  // statically resolved calls in the body, outside nested literals
	Refs        []*Func  // nodes it calls or references, and literals defined in it
	ValueUse    bool     // referenced other than as the callee of a call
	Invocations []*Site  // for a literal: the calls that run it (func(){...}() or through a funcVar)
	HeldBy      *funcVar // for a literal: the local variable that holds it, if any
}

// Site is a call whose callee is statically known, or the dispatch of
// an interface method to one of its implementations (impl).
type Site struct {
	Call    *ast.CallExpr    // nil for a dispatch
	Stmt    ast.Stmt         // the enclosing ExprStmt, DeferStmt or GoStmt, if the call is one
	StmtCur inspector.Cursor // ... and its cursor
	Result  bool             // the call is a result of a return statement
	Fn      *Func            // the node whose body holds the call
	Callee  *types.Func      // the called function or method (origin), if declared
	Lit     *Func            // the called literal, if any
	Impl    string           // for a dispatch: the implementation, "APIRecorder.Event"
}

// Deferred, Spawned and Dispatch tell how the call is made: by a defer
// statement, by a go statement, or as the dispatch of an interface method.
func (c *Site) Deferred() bool { _, ok := c.Stmt.(*ast.DeferStmt); return ok }
func (c *Site) Spawned() bool  { _, ok := c.Stmt.(*ast.GoStmt); return ok }
func (c *Site) Dispatch() bool { return c.Impl != "" }

// Name is the callee as written at the call, e.g. "r.recorder.Eventf";
// for a dispatch, the implementation.
func (c *Site) Name() string {
	switch {
	case c.Dispatch():
		return c.Impl
	case c.Lit != nil:
		if id, ok := ast.Unparen(c.Call.Fun).(*ast.Ident); ok {
			return id.Name
		}
		return "func literal"
	}
	return types.ExprString(ast.Unparen(c.Call.Fun))
}

// Target returns the node the call runs, if the package has it.
func (idx *Graph) Target(c *Site) *Func {
	if c.Lit != nil {
		return c.Lit
	}
	if c.Callee != nil {
		return idx.Decls[c.Callee]
	}
	return nil
}

// Name is the function's name, "func literal" for a literal.
func (f *Func) Name() string {
	if f.Obj != nil {
		return f.Obj.Name()
	}
	return "func literal"
}

// Outermost returns the declaration a literal is nested in.
func (f *Func) Outermost() *Func {
	for f.Parent != nil {
		f = f.Parent
	}
	return f
}

// FlowFunc is the body the dataflow analyses.
func (f *Func) FlowFunc() guardflow.Func { return guardflow.Func{Body: f.Body, Sig: f.Sig} }

// NewGraph builds the call graph: one walk of each non-test file finds
// the bodies, the calls, the references and the function variables; then
// the interface methods get their nodes, and calls their callees.
func NewGraph(m *Model, isSink func(*types.Func) bool) *Graph {
	b := &graphBuilder{
		Graph: &Graph{
			Fset:     m.Fset,
			Info:     m.Info,
			Pkg:      m.Pkg,
			Decls:    make(map[*types.Func]*Func),
			Lits:     make(map[*ast.FuncLit]*Func),
			Callers:  make(map[*Func][]*Site),
			Escaping: make(Escapes),
			Assigned: make(map[*types.Var]bool),
		},
		vars:      newFuncVarsBuilder(m.Info, m.Pkg),
		funcNames: funcNamesOf(m),
	}
	for fileCur := range m.Inspect.Root().Children() {
		if file := fileCur.Node().(*ast.File); m.IsSource(file) {
			b.walk(fileCur, file)
		}
	}
	b.addInterfaceMethods(m, isSink)
	b.link()
	return b.Graph
}

// graphBuilder is what the walk gathers before calls can be resolved:
// a call through a function variable, or a reference to a function
// declared further on, is known only once every file has been seen.
type graphBuilder struct {
	*Graph
	vars      *funcVarsBuilder
	funcNames map[string]bool // the names of the package's functions and methods, interface methods included
	stack     []*Func         // the bodies around the current node, innermost last
	calls     []pendingCall
	refs      []pendingRef
	litUses   []*Func // literals not called where they are defined
}

type pendingCall struct {
	cur inspector.Cursor
	fn  *Func
}

type pendingRef struct {
	fn    *types.Func
	owner *Func // nil outside function bodies
}

var indexedNodes = []ast.Node{
	(*ast.FuncDecl)(nil), (*ast.FuncLit)(nil), (*ast.CallExpr)(nil), (*ast.Ident)(nil),
	(*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.UnaryExpr)(nil), (*ast.IncDecStmt)(nil),
	(*ast.RangeStmt)(nil), (*ast.FuncType)(nil),
}

// walk visits one file in preorder. The body a node belongs to is the
// innermost one whose range holds it: bodies nest, so a stack of them,
// popped as the walk leaves their ranges, tells it without a parent walk.
func (b *graphBuilder) walk(fileCur inspector.Cursor, file *ast.File) {
	b.stack = b.stack[:0]
	for cur := range fileCur.Preorder(indexedNodes...) {
		n := cur.Node()
		for len(b.stack) > 0 && b.stack[len(b.stack)-1].Cur.Node().End() <= n.Pos() {
			b.stack = b.stack[:len(b.stack)-1]
		}
		owner := b.owner()
		b.Escaping.note(b.Info, n, owner.Literal())
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
			switch obj := b.Info.Uses[n].(type) {
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
				if n.Tok == token.DEFINE && b.Info.Defs[syntax.Ident(lhs)] != nil {
					kind = declaresVar
				}
				b.mutates(lhs, valueOf(n.Rhs, len(n.Lhs), i), kind)
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				b.mutates(id, valueOf(n.Values, len(n.Names), i), declaresVar)
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				b.mutates(n.X, nil, takesAddress)
			}
		case *ast.IncDecStmt:
			b.mutates(n.X, nil, increments)
		case *ast.RangeStmt:
			if n.Tok == token.ASSIGN {
				for _, x := range []ast.Expr{n.Key, n.Value} {
					if x != nil {
						b.mutates(x, nil, assigns)
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

// mutates records what a statement does to x, for what each part of the
// graph reads: the function variables that calls resolve through (their
// writes and values), and the variables assigned after their declaration.
func (b *graphBuilder) mutates(x, value ast.Expr, kind mutation) {
	switch kind {
	case declaresVar, assigns:
		b.vars.write(x, value)
	case takesAddress:
		b.vars.addressTaken(x)
	}
	v := syntax.Var(b.Info, x)
	if v == nil {
		return
	}
	if kind != declaresVar {
		b.Assigned[v] = true
	}
}

// funcNamesOf returns the names of the package's declared functions and
// methods, and of the methods of its interfaces.
func funcNamesOf(m *Model) map[string]bool {
	names := make(map[string]bool)
	for _, d := range m.Decls {
		names[d.Obj.Name()] = true
	}
	scope := m.Pkg.Scope()
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

func (b *graphBuilder) owner() *Func {
	if len(b.stack) == 0 {
		return nil
	}
	return b.stack[len(b.stack)-1]
}

// Literal returns the Literal f is, or nil (also for no function).
func (f *Func) Literal() *ast.FuncLit {
	if f == nil {
		return nil
	}
	return f.Lit
}

func (b *graphBuilder) declNode(cur inspector.Cursor, n *ast.FuncDecl, file *ast.File) *Func {
	obj, ok := b.Info.Defs[n.Name].(*types.Func)
	if n.Body == nil || !ok {
		return nil
	}
	f := &Func{Decl: n, Obj: obj, Sig: obj.Signature(), Body: n.Body, Cur: cur, File: file}
	b.Decls[obj] = f
	b.Funcs = append(b.Funcs, f)
	return f
}

func (b *graphBuilder) litNode(cur inspector.Cursor, n *ast.FuncLit, file *ast.File, parent *Func) *Func {
	sig, ok := b.Info.TypeOf(n).(*types.Signature)
	if !ok {
		return nil
	}
	f := &Func{Lit: n, Parent: parent, Sig: sig, Body: n.Body, Cur: cur, File: file}
	if parent != nil { // else: in a package-level declaration
		parent.Refs = append(parent.Refs, f)
	}
	b.Lits[n] = f
	b.Funcs = append(b.Funcs, f)
	return f
}

// link resolves what the walk gathered: the function variables, how each
// literal is used, each call's callee, the references, and the callers.
func (b *graphBuilder) link() {
	funcVars := b.vars.result()
	litVars := make(map[*ast.FuncLit]*funcVar)
	for _, fv := range funcVars {
		if fv.target.lit != nil {
			litVars[fv.target.lit] = fv
		}
	}
	for _, f := range b.litUses {
		if fv := litVars[f.Lit]; fv != nil {
			f.HeldBy = fv
		} else {
			f.ValueUse = true
		}
	}
	for _, pc := range b.calls {
		if site := b.newCallSite(pc.cur, pc.fn, funcVars); site != nil {
			pc.fn.Calls = append(pc.fn.Calls, site)
			if t := b.Target(site); t != nil && site.Lit == nil {
				pc.fn.Refs = append(pc.fn.Refs, t)
			}
		}
	}
	for _, r := range b.refs {
		if t := b.Decls[r.fn]; t != nil {
			t.ValueUse = true
			if r.owner != nil {
				r.owner.Refs = append(r.owner.Refs, t)
			}
		}
	}
	for _, f := range b.Funcs {
		for _, site := range f.Calls {
			if t := b.Target(site); t != nil {
				b.Callers[t] = append(b.Callers[t], site)
			}
		}
	}
}

// newCallSite resolves a call's callee, or returns nil when it cannot be
// known statically (calls through interfaces the package does not
// implement, function values, builtins and conversions).
func (b *graphBuilder) newCallSite(cur inspector.Cursor, f *Func, funcVars map[*types.Var]*funcVar) *Site {
	call := cur.Node().(*ast.CallExpr)
	site := &Site{Call: call, Fn: f, Stmt: enclosingCallStmt(cur)}
	if site.Stmt != nil {
		site.StmtCur = cur.Parent()
	}
	_, site.Result = cur.Parent().Node().(*ast.ReturnStmt)
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.FuncLit:
		return b.invokes(site, b.Lits[fun])
	case *ast.Ident:
		if v, ok := b.Info.Uses[fun].(*types.Var); ok {
			fv, ok := funcVars[v]
			if !ok {
				return nil
			}
			site.Callee = fv.target.callee
			if fv.target.lit != nil {
				return b.invokes(site, b.Lits[fv.target.lit])
			}
			return site
		}
	}
	if fn, ok := typeutil.Callee(b.Info, call).(*types.Func); ok {
		site.Callee = fn.Origin()
		return site
	}
	return nil
}

// invokes records that site runs the literal lit.
func (b *graphBuilder) invokes(site *Site, lit *Func) *Site {
	if lit == nil {
		return nil
	}
	site.Lit = lit
	lit.Invocations = append(lit.Invocations, site)
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

// isCallee reports whether the identifier or literal cur is the function
// called by its parent call (f(), x.f(), (f)(), f[T]()). Only a generic
// function's name can be indexed and called: an indexed variable (fns[0]())
// is no function variable the graph follows.
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

// Outer is f's outermost function, as the fixes' name lookups see it.
func (f *Func) Outer() refactor.Outer {
	o := f.Outermost()
	return refactor.Outer{Body: o.Body, Sig: o.Sig, File: o.File}
}

// FuncType is the declared type of a function body: its parameters.
func (f *Func) FuncType() *ast.FuncType {
	if f.Decl != nil {
		return f.Decl.Type
	}
	return f.Lit.Type
}

// LiteralOf reports whether t is a literal defined in f, which a call of
// it in f runs as part of f's body.
func (t *Func) LiteralOf(f *Func) bool {
	return t != nil && t.Lit != nil && t.Outermost() == f
}

// Declares reports whether v is declared in f's body.
func (f *Func) Declares(v *types.Var) bool {
	return f.Body.Pos() <= v.Pos() && v.Pos() < f.Body.End()
}

// CallersKnown reports whether f's static call sites in the package's
// non-test files are all its calls, and there is one: f is unexported
// (or a literal held by a local that is only ever called), never used as
// a value, and implements no interface of the package (a dispatch to it is
// no static call). What the fix at the helper's depth changes, where
// functions start guarded and which parameters hold a request's context
// rest on it.
func (idx *Graph) CallersKnown(f *Func) bool {
	if len(idx.Callers[f]) == 0 || f.Iface {
		return false
	}
	for _, site := range idx.Callers[f] {
		if site.Dispatch() {
			return false
		}
	}
	if f.Lit != nil {
		return f.HeldBy != nil && f.HeldBy.CalledOnly
	}
	return !f.Obj.Exported() && !f.ValueUse
}

// ReceiverType returns the named type of a method's receiver (the origin
// of an instance, through a pointer and aliases), or nil.
func ReceiverType(fn *types.Func) *types.TypeName {
	recv := fn.Signature().Recv()
	if recv == nil {
		return nil
	}
	t := types.Unalias(recv.Type())
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	if named, ok := t.(*types.Named); ok {
		return named.Origin().Obj()
	}
	return nil
}
