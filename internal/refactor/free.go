package refactor

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
)

// The one home of "is this name free here": a name a fix declares neither
// hides nor is hidden by any declaration where it is seen, in nested
// blocks and closures, parameters and results, the file and package
// scopes, and, for a method, among the type's fields and methods,
// promoted ones included. Free answers for a declaration in a scope of
// the code, FreeMethod for a method, freeImportName for an import, and
// NewBody for the names of a function the fix writes whole.

// A Decl is a declaration a fix adds, in scope Scope from position From to
// the scope's end (the function's scope, from its start, for a
// parameter); Uses are where the fix refers to it.
type Decl struct {
	Scope *types.Scope
	From  token.Pos
	Uses  []token.Pos
}

// Free reports whether file may declare name as d: no other declaration
// of the name in d's scope; no reference in d's extent to a name declared
// outside it, which the new name would hide; and no declaration inside d's
// extent that hides it where d is used. Fields, methods and labels are
// not in scopes, and do not count.
func (l *Scopes) Free(file *ast.File, name string, d Decl) bool {
	if d.Scope == nil || d.Scope.Lookup(name) != nil {
		return false
	}
	end := d.Scope.End()
	ids := l.identsNamed(file, name)
	i := sort.Search(len(ids), func(i int) bool { return ids[i].Pos() >= d.From })
	for _, id := range ids[i:] {
		if id.Pos() >= end {
			break
		}
		if obj := l.info.Defs[id]; obj != nil && obj.Parent() != nil {
			// A declaration inside: it hides the new name in its scope.
			for _, u := range d.Uses {
				if obj.Parent().Contains(u) && u >= obj.Pos() {
					return false
				}
			}
			continue
		}
		obj := l.info.Uses[id]
		if obj == nil || notScoped(obj) {
			continue
		}
		if p := obj.Pos(); !p.IsValid() || p < d.From || p >= end {
			return false // it refers to an outer declaration the new name would hide
		}
	}
	return true
}

// notScoped reports whether obj is looked up by selection, not in scopes:
// a field, a method, a label.
func notScoped(obj types.Object) bool {
	switch obj := obj.(type) {
	case *types.Var:
		return obj.IsField()
	case *types.Func:
		return obj.Signature().Recv() != nil
	case *types.Label:
		return true
	}
	return false
}

// FreeMethod reports whether a method named name may be added to the named
// type t: t has no field or method of that name, its own or promoted.
func FreeMethod(pkg *types.Package, t *types.TypeName, name string) bool {
	_, index, _ := types.LookupFieldOrMethod(types.NewPointer(t.Type()), true, pkg, name)
	return index == nil // an ambiguous selector has an index too
}

// identsNamed returns file's identifiers named name, in source order:
// one walk of the file, on first use.
func (l *Scopes) identsNamed(file *ast.File, name string) []*ast.Ident {
	byName, ok := l.idents[file]
	if !ok {
		byName = make(map[string][]*ast.Ident)
		ast.Inspect(file, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				byName[id.Name] = append(byName[id.Name], id)
			}
			return true
		})
		l.idents[file] = byName
	}
	return byName[name]
}

// ScopeAt returns the innermost scope that holds pos.
func (l *Scopes) ScopeAt(pos token.Pos) *types.Scope { return l.innermost(pos) }

// FuncScope returns the scope of a function's parameters and body.
func (l *Scopes) FuncScope(ft *ast.FuncType) *types.Scope { return l.info.Scopes[ft] }

// JumpedOver reports whether a goto in body (outside nested literals)
// jumps over pos in list, a statement list of body: it stands before pos,
// and its label on a statement of list after pos. Go forbids such a jump
// over a declaration into its scope ("goto L jumps over variable
// declaration"), so a fix declares nothing there.
func JumpedOver(info *types.Info, body *ast.BlockStmt, list []ast.Stmt, pos token.Pos) bool {
	labels := make(map[types.Object]bool)
	for _, st := range list {
		if ls, ok := st.(*ast.LabeledStmt); ok && st.Pos() > pos {
			labels[info.Defs[ls.Label]] = true
		}
	}
	if len(labels) == 0 {
		return false
	}
	jumped := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BranchStmt:
			if n.Tok == token.GOTO && n.Label != nil && n.Pos() < pos && labels[info.Uses[n.Label]] {
				jumped = true
			}
		}
		return !jumped
	})
	return jumped
}

// freeImportName: a new file-level import named name would clash with no
// package-level name or import of the file, and lookup finds nothing that
// hides it.
func freeImportName(info *types.Info, pkg *types.Package, file *ast.File, lookup func(string) types.Object, name string) bool {
	if pkg.Scope().Lookup(name) != nil {
		return false
	}
	for _, spec := range file.Imports {
		if pkgName := info.PkgNameOf(spec); pkgName != nil && pkgName.Name() == name {
			return false
		}
	}
	return lookup(name) == nil
}

// NewBody names the receiver, parameters and locals of a function a fix
// writes whole: its body refers to nothing but them and the names taken
// first (the qualifiers of its check), so each is free where it differs
// from all of those.
type NewBody struct{ taken map[string]bool }

// Take records names the body refers to.
func (b *NewBody) Take(names ...string) {
	if b.taken == nil {
		b.taken = make(map[string]bool)
	}
	for _, n := range names {
		b.taken[n] = true
	}
}

// Fresh returns base, or base numbered, that the body does not refer to
// yet, and takes it.
func (b *NewBody) Fresh(base string) string {
	name, _ := FreshName(base, func(n string) bool { return !b.taken[n] })
	b.Take(name)
	return name
}
