package fixplan

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"unicode"

	"github.com/ctxnotify/ctxnotify-lint/internal/callee"
	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
	"github.com/ctxnotify/ctxnotify-lint/internal/refactor"
	"github.com/ctxnotify/ctxnotify-lint/internal/syntax"
)

// A derived context takes a fresh name where the name it took is the one
// a check must read the context it derives from by:
//
//	ctx, cancel := context.WithTimeout(ctx, d)   // becomes scanCtx, cancel := ...
//
// Every use that the derivation's assignment reaches takes the fresh
// name, but for those meant to read the parent again: the uses in a
// literal deferred before it (it runs after the deferred cancel), and the
// context arguments of the calls handed a context that the code has
// cancelled (kept). The rename is not made where it would change what
// other code reads: a use reached by both the parent and the derived
// context, a literal that may run after the derivation and reads the
// name, a use the fresh name cannot reach, a declaration that hides a
// name assigned elsewhere too, or one made with = where := would hide
// another variable.

// renamePlan is what a check needs where the name it reads a derived
// context's parent by is the derivation's: the derived context's fresh
// name and the names it replaces (step is a Rename, with a Declare where
// a goto forbids :=), or the parent kept under a fresh name right before
// the derivation (step is a Declare, and saved the name the check reads).
type renamePlan struct {
	Derivation *guardflow.Derivation
	name       string
	saved      string
	steps      []refactor.Step
}

// renamer decides the renames of a function's derivations, once each, and
// keeps the names it gave, so that two never meet in one scope.
type renamer struct {
	Chooser     *Chooser
	Conventions *conventions
	chosen      []chosenName
}

// chosenName is a name a fix declares, in scope from a position on.
type chosenName struct {
	name  string
	scope *types.Scope
}

// plan decides what the checks that read d's parent need: the rename of
// the derived context, else the parent saved before the derivation (the
// fix then checks that name and changes what no existing code reads);
// nil and why neither is safe. keep are the uses that are to read the
// parent (the handoffs' arguments), uses the checks that read it.
func (rn *renamer) plan(f *callgraph.Func, d *guardflow.Derivation, keep map[*ast.Ident]bool, uses []contextUse) (*renamePlan, NoRename) {
	r, why := rn.rename(f, d, keep)
	if r != nil {
		return r, NoRename{}
	}
	if len(keep) == 0 {
		if r := rn.save(f, d, uses); r != nil {
			return r, NoRename{}
		}
	}
	return nil, why
}

// rename decides the rename of d; nil and why where it is not safe.
func (rn *renamer) rename(f *callgraph.Func, d *guardflow.Derivation, keep map[*ast.Ident]bool) (*renamePlan, NoRename) {
	ch := rn.Chooser
	idx, h, refs := ch.idx, ch.HoldingsOf(f), ch.refsOf(f)
	info := idx.Info
	v := d.Var
	if d.Name == nil || v == nil || idx.Escaping[v] || v.Kind() == types.ResultVar {
		return nil, NoRename{Kind: Unfollowed, Var: v}
	}
	declares := info.Defs[d.Name] == v
	scope := scopeAt(idx, d.Assign.Pos())
	assign, _ := d.Assign.(*ast.AssignStmt)
	if d.Tok == token.ASSIGN && (assign == nil || !othersInScope(info, assign, d.Name, scope)) {
		return nil, NoRename{Kind: OuterAssigned, Var: v}
	}
	idents := []*ast.Ident{d.Name}
	kept := make(map[*ast.Ident]bool)
	for _, u := range h.Uses(v) {
		deferred, later := h.RunsAfter(u, d)
		switch {
		case !u.ReachedBy(d):
			if later {
				return nil, NoRename{Kind: ReadLater, Var: v, At: u.Ident.Pos()}
			}
		case deferred || keep[u.Ident]:
			kept[u.Ident] = true
		case !u.OnlyBy(d):
			return nil, NoRename{Kind: EitherContext, Var: v, At: u.Ident.Pos()}
		case u.Ident.Pos() < d.Assign.End() || !scope.Contains(u.Ident.Pos()):
			return nil, NoRename{Kind: OutsideBlock, Var: v, At: u.Ident.Pos()}
		default:
			if lit := h.ReadLater(u, d); lit != nil {
				return nil, NoRename{Kind: ReadAfterAssigned, Var: v, At: lit.Pos()}
			}
			idents = append(idents, u.Ident)
		}
	}
	if declares && !allRenamedOrKept(refs.refs[v], idents, kept) {
		return nil, NoRename{Kind: AssignedElsewhere, Var: v}
	}
	if len(idents) == 1 {
		// Nothing reads the derived context but what is to read the parent:
		// it is discarded, and := declares what else it declares, if anything.
		step := refactor.Rename{Idents: idents, Name: "_", Assign: assign, Tok: token.ASSIGN}
		if assign != nil && declaresOthers(info, assign, d.Name) {
			step.Tok = token.DEFINE
		}
		return &renamePlan{Derivation: d, name: "_", steps: []refactor.Step{step}}, NoRename{}
	}
	var at []token.Pos
	for _, id := range idents[1:] {
		at = append(at, id.Pos())
	}
	from := d.Assign.End()
	var declare *refactor.Declare
	if d.Tok == token.ASSIGN {
		// := would declare the new name where a goto may jump over it: it
		// is declared with var beside the variables the assignment
		// assigns, or at the top of their block, and = stays. (Where the
		// assignment is an if's or a switch's, the name's scope is that
		// statement: no goto jumps into it.)
		stmt, list, body, ok := ch.statementOf(f, d.Assign)
		if !ok {
			return nil, NoRename{Kind: NotInBlock, Var: v}
		}
		if stmt == d.Assign && refactor.JumpedOver(info, body, list, d.Assign.Pos()) {
			at := declarationOf(info, list, assign, d.Name)
			declare = &refactor.Declare{File: f.File, Stmt: at.stmt, After: at.after}
			from = at.stmt.Pos()
		}
	}
	name, ok := refactor.FreshName(rn.nameBase(h, d, idents[1:]), func(name string) bool { return rn.free(f, name, scope, from, at) })
	if !ok {
		return nil, NoRename{Kind: NoFreeName, Var: v}
	}
	rn.chosen = append(rn.chosen, chosenName{name, scope})
	rename := refactor.Rename{Idents: idents, Name: name, Assign: assign, Tok: token.DEFINE}
	if declare == nil {
		return &renamePlan{Derivation: d, name: name, steps: []refactor.Step{rename}}, NoRename{}
	}
	qual, _, ok := refactor.Qualifier(info, idx.Pkg, f.File, func(n string) types.Object { return ch.scopes.Lookup(f.Outer(), n, declare.Stmt.Pos()) }, "context", "Context")
	if !ok || qual == "" && ch.scopes.Lookup(f.Outer(), "Context", declare.Stmt.Pos()) == nil {
		return nil, NoRename{Kind: JumpedOver, Var: v}
	}
	declare.Text = "var " + name + " " + qual + "Context"
	rename.Tok = token.ASSIGN
	return &renamePlan{Derivation: d, name: name, steps: []refactor.Step{rename, *declare}}, NoRename{}
}

// save decides the saved parent of d: where the derivation's parent is a
// variable that holds, at the derivation, the context each check must
// read, the fix declares a fresh name for it right before the derivation
// (reconcileCtx := ctx) and the checks read that; nil where a check is not
// in that name's scope, or a goto jumps over the declaration.
func (rn *renamer) save(f *callgraph.Func, d *guardflow.Derivation, uses []contextUse) *renamePlan {
	ch := rn.Chooser
	idx := ch.idx
	info := idx.Info
	var parent *types.Var
	for _, a := range d.Call.Args {
		if guardflow.IsContext(info.TypeOf(a)) {
			parent, _ = info.Uses[syntax.Ident(a)].(*types.Var)
			break
		}
	}
	pt := ch.HoldingsOf(f).At(d.Call)
	if parent == nil || pt == nil {
		return nil
	}
	stmt, list, body, ok := ch.statementOf(f, d.Assign)
	if !ok || refactor.JumpedOver(info, body, list, stmt.Pos()) {
		return nil
	}
	scope := scopeAt(idx, d.Assign.Pos())
	switch stmt.(type) {
	case *ast.IfStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt:
		scope = scope.Parent() // the derivation is its header's: the name goes in the block around it
	}
	var at []token.Pos
	for _, u := range uses {
		pos := u.Site.Call.Pos()
		if pos <= stmt.Pos() || !scope.Contains(pos) || !pt.HoldsOnly(parent, u.Ctx.want) {
			return nil
		}
		at = append(at, pos)
	}
	base := "parentCtx"
	if o := f.Outermost(); o.Obj != nil && o.Obj.Name() == "Reconcile" {
		base = "reconcileCtx"
	}
	name, ok := refactor.FreshName(base, func(name string) bool { return rn.free(f, name, scope, stmt.Pos(), at) })
	if !ok {
		return nil
	}
	rn.chosen = append(rn.chosen, chosenName{name, scope})
	return &renamePlan{Derivation: d, saved: name, steps: []refactor.Step{refactor.Declare{File: f.File, Stmt: stmt, Text: name + " := " + parent.Name()}}}
}

// free reports whether a name a fix declares in scope from a position on,
// and refers to at the positions at, is free there, and no other name the
// fixes declare meets it.
func (rn *renamer) free(f *callgraph.Func, name string, scope *types.Scope, from token.Pos, at []token.Pos) bool {
	for _, c := range rn.chosen {
		if c.name == name && (c.scope == scope || c.scope.Contains(scope.Pos()) || scope.Contains(c.scope.Pos())) {
			return false
		}
	}
	return rn.Chooser.scopes.Free(f.File, name, refactor.Decl{Scope: scope, From: from, Uses: at})
}

// statementOf returns the statement of a block's list that holds n (n
// itself, or the declaration, if, switch or labeled statement n is part
// of), that list, and the body of the function that holds them; false
// where n is part of no such statement (a for's header, a select's case).
func (c *Chooser) statementOf(f *callgraph.Func, n ast.Node) (ast.Stmt, []ast.Stmt, *ast.BlockStmt, bool) {
	cur, ok := f.Outermost().Cur.FindNode(n)
	if !ok {
		return nil, nil, nil, false
	}
	for {
		parent := cur.Parent()
		var list []ast.Stmt
		switch p := parent.Node().(type) {
		case *ast.BlockStmt:
			list = p.List
		case *ast.CaseClause:
			list = p.Body
		case *ast.CommClause:
			list = p.Body
		case *ast.IfStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.GenDecl, *ast.DeclStmt, *ast.LabeledStmt:
			cur = parent
			continue
		default:
			return nil, nil, nil, false
		}
		stmt, ok := cur.Node().(ast.Stmt)
		if !ok || !slices.Contains(list, stmt) {
			return nil, nil, nil, false
		}
		for fn := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
			switch fn := fn.Node().(type) {
			case *ast.FuncDecl:
				return stmt, list, fn.Body, true
			case *ast.FuncLit:
				return stmt, list, fn.Body, true
			}
		}
		return nil, nil, nil, false
	}
}

// declarationAt is where a declaration goes: before or after a statement.
type declarationAt struct {
	stmt  ast.Stmt
	after bool
}

// declarationOf returns where a var declaration beside the variables an
// assignment with = assigns goes: after the statement of list that
// declares the first of them other than name, else at the top of list.
func declarationOf(info *types.Info, list []ast.Stmt, assign *ast.AssignStmt, name *ast.Ident) declarationAt {
	for _, l := range assign.Lhs {
		id := syntax.Ident(l)
		if id == nil || id == name || id.Name == "_" {
			continue
		}
		obj := info.Uses[id]
		if obj == nil {
			continue
		}
		for _, st := range list {
			if st.Pos() <= obj.Pos() && obj.Pos() < st.End() {
				return declarationAt{st, true}
			}
		}
	}
	return declarationAt{list[0], false}
}

// declaresOthers reports whether an assignment declares a variable other
// than the one name names.
func declaresOthers(info *types.Info, a *ast.AssignStmt, name *ast.Ident) bool {
	if a.Tok != token.DEFINE {
		return false
	}
	for _, l := range a.Lhs {
		if id := syntax.Ident(l); id != nil && id != name && id.Name != "_" && info.Defs[id] != nil {
			return true
		}
	}
	return false
}

// othersInScope reports whether the names an assignment with = assigns
// besides name are blank or declared in scope: := declares none of them
// anew.
func othersInScope(info *types.Info, a *ast.AssignStmt, name *ast.Ident, scope *types.Scope) bool {
	for _, l := range a.Lhs {
		id := syntax.Ident(l)
		if id == nil {
			return false
		}
		if id == name || id.Name == "_" {
			continue
		}
		if obj := info.Uses[id]; obj == nil || obj.Parent() != scope {
			return false
		}
	}
	return true
}

// allRenamedOrKept reports whether every reference to a variable the
// derivation declares (refs) is renamed or kept: a reference left would
// refer to the variable its name resolves to once that one is gone.
func allRenamedOrKept(refs, renamed []*ast.Ident, kept map[*ast.Ident]bool) bool {
	done := make(map[*ast.Ident]bool)
	for _, id := range renamed {
		done[id] = true
	}
	for _, id := range refs {
		if !done[id] && !kept[id] {
			return false
		}
	}
	return true
}

// scopeAt returns the innermost scope that holds pos.
func scopeAt(idx *callgraph.Graph, pos token.Pos) *types.Scope {
	s := idx.Pkg.Scope().Innermost(pos)
	if s == nil {
		return idx.Pkg.Scope()
	}
	return s
}

// nameBase is the name a derived context takes, before it is made free:
// the one the package gives the contexts of its derivations of that kind
// (an existing ctxTimeout), where it has one and it is not the name
// renamed; else what it is for, from
// the function that the renamed uses hand it to and that may fail
// (scanCtx for r.scan(ctx, obj)), where there is one; else what it is
// (timeoutCtx, cancelCtx, groupCtx).
func (rn *renamer) nameBase(h *guardflow.Holdings, d *guardflow.Derivation, renamed []*ast.Ident) string {
	kind := derivationKind(d.Func)
	if d.Group {
		kind = "group"
	}
	// A convention that names the derived context as its parent is what
	// the rename undoes: ctx would come back as ctx2.
	if name := rn.Conventions.derived[kind]; name != "" && name != d.Var.Name() {
		return name
	}
	info := rn.Chooser.idx.Info
	purpose := ""
	for _, u := range h.Uses(d.Var) {
		if u.Arg == nil || !isRenamed(u.Ident, renamed) {
			continue
		}
		sig, ok := guardflow.SignatureOf(info, u.Arg.Fun)
		if !ok || !guardflow.ReturnsError(sig) {
			continue
		}
		id := callee.Ident(u.Arg)
		if id == nil {
			continue
		}
		name := id.Name
		switch {
		case purpose == "":
			purpose = name
		case purpose != name:
			purpose = "-"
		}
	}
	if purpose != "" && purpose != "-" {
		return lowerFirst(purpose) + "Ctx"
	}
	switch f := d.Func; {
	case d.Group:
		return "groupCtx"
	case strings.HasPrefix(f, "WithTimeout"):
		return "timeoutCtx"
	case strings.HasPrefix(f, "WithDeadline"):
		return "deadlineCtx"
	case strings.HasPrefix(f, "WithCancel"):
		return "cancelCtx"
	}
	return "derivedCtx"
}

func isRenamed(id *ast.Ident, renamed []*ast.Ident) bool {
	for _, r := range renamed {
		if r == id {
			return true
		}
	}
	return false
}

// lowerFirst lowers the first letter: ReconcileSource -> reconcileSource.
func lowerFirst(s string) string {
	r := []rune(s)
	if len(r) > 0 {
		r[0] = unicode.ToLower(r[0])
	}
	return string(r)
}

// bodyRefs are the references to each variable of an outermost function
// (its literals included).
type bodyRefs struct {
	refs map[*types.Var][]*ast.Ident
}

// refsOf returns the references in f's outermost function, walked once.
func (c *Chooser) refsOf(f *callgraph.Func) *bodyRefs {
	o := f.Outermost()
	if n, ok := c.bodies[o]; ok {
		return n
	}
	n := &bodyRefs{refs: make(map[*types.Var][]*ast.Ident)}
	ast.Inspect(o.Body, func(node ast.Node) bool {
		if id, ok := node.(*ast.Ident); ok {
			if v, ok := c.idx.Info.Uses[id].(*types.Var); ok {
				n.refs[v] = append(n.refs[v], id)
			}
		}
		return true
	})
	c.bodies[o] = n
	return n
}
