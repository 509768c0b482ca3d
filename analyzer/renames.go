package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
	"unicode"

	"github.com/ctxnotify/ctxnotify-lint/internal/callee"
	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
	"github.com/ctxnotify/ctxnotify-lint/internal/refactor"
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

// renamePlan is a derived context's fresh name and the names it replaces.
type renamePlan struct {
	d    *guardflow.Derivation
	name string
	step refactor.Rename
}

// planRename decides the rename of d; "" and why where it is not safe.
// keep are the uses that are to read the parent.
func planRename(ch *chooser, f *funcNode, d *guardflow.Derivation, keep map[*ast.Ident]bool) (*renamePlan, string) {
	idx, h, names := ch.idx, ch.holdingsOf(f), ch.namesOf(f)
	info := idx.info
	v := d.Var
	if d.Name == nil || v == nil || idx.escaping[v] || v.Kind() == types.ResultVar {
		return nil, "its variable cannot be followed"
	}
	declares := info.Defs[d.Name] == v
	scope := scopeAt(idx, d.Assign.Pos())
	assign, _ := d.Assign.(*ast.AssignStmt)
	if d.Tok == token.ASSIGN && (assign == nil || !othersInScope(info, assign, d.Name, scope)) {
		return nil, "its assignment, with =, assigns variables of an outer scope too"
	}
	idents := []*ast.Ident{d.Name}
	kept := make(map[*ast.Ident]bool)
	for _, u := range h.Uses(v) {
		deferred, later := h.RunsAfter(u, d)
		switch {
		case !u.ReachedBy(d):
			if later {
				return nil, fmt.Sprintf("a function literal that may run after it reads %s (line %s)", v.Name(), lineAt(idx.fset, u.Ident.Pos()))
			}
		case deferred || keep[u.Ident]:
			kept[u.Ident] = true
		case !u.OnlyBy(d):
			return nil, fmt.Sprintf("%s at line %s may hold either context", v.Name(), lineAt(idx.fset, u.Ident.Pos()))
		case u.Ident.Pos() < d.Assign.End() || !scope.Contains(u.Ident.Pos()):
			return nil, fmt.Sprintf("%s at line %s is outside the block that declares it", v.Name(), lineAt(idx.fset, u.Ident.Pos()))
		default:
			idents = append(idents, u.Ident)
		}
	}
	if declares && !allRenamedOrKept(names.refs[v], idents, kept) {
		return nil, fmt.Sprintf("%s is assigned elsewhere too", v.Name())
	}
	if len(idents) == 1 {
		// Nothing reads the derived context but what is to read the parent:
		// it is discarded, and := declares what else it declares, if anything.
		step := refactor.Rename{Idents: idents, Name: "_", Assign: assign, Tok: token.ASSIGN}
		if assign != nil && declaresOthers(info, assign, d.Name) {
			step.Tok = token.DEFINE
		}
		return &renamePlan{d: d, name: "_", step: step}, ""
	}
	name, ok := refactor.FreshName(nameBase(info, h, d, idents[1:]), func(name string) bool { return names.free(name, scope) })
	if !ok {
		return nil, "no name is free"
	}
	names.chosen[name] = append(names.chosen[name], scope)
	return &renamePlan{d: d, name: name, step: refactor.Rename{Idents: idents, Name: name, Assign: assign, Tok: token.DEFINE}}, ""
}

// declaresOthers reports whether an assignment declares a variable other
// than the one name names.
func declaresOthers(info *types.Info, a *ast.AssignStmt, name *ast.Ident) bool {
	if a.Tok != token.DEFINE {
		return false
	}
	for _, l := range a.Lhs {
		if id := identOf(l); id != nil && id != name && id.Name != "_" && info.Defs[id] != nil {
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
		id := identOf(l)
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
func scopeAt(idx *index, pos token.Pos) *types.Scope {
	s := idx.pkg.Scope().Innermost(pos)
	if s == nil {
		return idx.pkg.Scope()
	}
	return s
}

// nameBase is the name a derived context takes, before it is made free:
// what it is for, from the function that the renamed uses hand it to and
// that may fail (scanCtx for r.scan(ctx, obj)), where there is one; else
// what it is (timeoutCtx, cancelCtx, groupCtx).
func nameBase(info *types.Info, h *guardflow.Holdings, d *guardflow.Derivation, renamed []*ast.Ident) string {
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

// bodyNames is what a fresh name must avoid in an outermost function
// (its literals included): the names used anywhere in it, and the
// references to each variable.
type bodyNames struct {
	used   map[string]bool
	refs   map[*types.Var][]*ast.Ident
	chosen map[string][]*types.Scope // the fresh names given so far, and the scopes that declare them
}

// free reports whether a derived context declared in scope may take name:
// the function uses it nowhere, and no rename gave it in a scope that
// holds scope or that scope holds.
func (n *bodyNames) free(name string, scope *types.Scope) bool {
	if n.used[name] {
		return false
	}
	for _, s := range n.chosen[name] {
		if s == scope || s.Contains(scope.Pos()) || scope.Contains(s.Pos()) {
			return false
		}
	}
	return true
}

// namesOf returns the names of f's outermost function, walked once.
func (c *chooser) namesOf(f *funcNode) *bodyNames {
	o := f.outermost()
	if n, ok := c.bodies[o]; ok {
		return n
	}
	n := &bodyNames{used: make(map[string]bool), refs: make(map[*types.Var][]*ast.Ident), chosen: make(map[string][]*types.Scope)}
	ast.Inspect(o.body, func(node ast.Node) bool {
		if id, ok := node.(*ast.Ident); ok {
			n.used[id.Name] = true
			if v, ok := c.idx.info.Uses[id].(*types.Var); ok {
				n.refs[v] = append(n.refs[v], id)
			}
		}
		return true
	})
	c.bodies[o] = n
	return n
}
