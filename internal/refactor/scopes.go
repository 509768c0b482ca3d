package refactor

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"
)

// Scopes tells what a name refers to at a position of a package, for the
// fixes, and whether a name a fix declares is free there (Free). Most
// names a fix writes (ctx, errors, context) are declared nowhere in the
// function: for those the file's scope answers at once. The others are
// looked up without walking the scopes around the position for each
// lookup (segments, outside), so that fixing a function nested a thousand
// blocks deep costs what fixing a flat one does.
type Scopes struct {
	info     *types.Info
	pkg      *types.Package
	declared map[*ast.BlockStmt]map[string]bool // names declared in the body of each outermost function
	segments []segment                          // the package's positions, each run of them with its innermost scope; built at the first lookup
	outer    map[scopeName]types.Object         // outside's answers
	idents   map[*ast.File]map[string][]*ast.Ident
}

// Outer is the outermost function around the positions a fix looks names
// up at: between its file's scope and them, only its signature and its
// body declare names.
type Outer struct {
	Body *ast.BlockStmt
	Sig  *types.Signature
	File *ast.File
}

// A segment starts at pos, where scope becomes the innermost scope, and
// ends where the next one starts.
type segment struct {
	pos   token.Pos
	scope *types.Scope
}

type scopeName struct {
	scope *types.Scope
	name  string
}

// NewScopes returns the scopes of a package, looked at on first use.
func NewScopes(info *types.Info, pkg *types.Package) *Scopes {
	return &Scopes{info: info, pkg: pkg, declared: make(map[*ast.BlockStmt]map[string]bool), outer: make(map[scopeName]types.Object),
		idents: make(map[*ast.File]map[string][]*ast.Ident)}
}

// Lookup returns the object name refers to at pos, inside o.
func (l *Scopes) Lookup(o Outer, name string, pos token.Pos) types.Object {
	if l.declaredIn(o.Body)[name] {
		return l.LookupAt(name, pos)
	}
	if obj := signatureObject(o.Sig, name); obj != nil {
		return obj
	}
	if fileScope := l.info.Scopes[o.File]; fileScope != nil {
		_, obj := fileScope.LookupParent(name, pos)
		return obj
	}
	return l.LookupAt(name, pos)
}

// declaredIn returns the names declared in an outermost function's body
// (nested literals' signatures included).
func (l *Scopes) declaredIn(body *ast.BlockStmt) map[string]bool {
	if names, ok := l.declared[body]; ok {
		return names
	}
	names := make(map[string]bool)
	ast.Inspect(body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			// A type switch's symbolic variable (z := x.(type)) is in Defs
			// with no object: each clause declares one of its own.
			if _, def := l.info.Defs[id]; def {
				names[id.Name] = true
			}
		}
		return true
	})
	l.declared[body] = names
	return names
}

// signatureObject returns the receiver, parameter or result of sig named
// name, if any.
func signatureObject(sig *types.Signature, name string) types.Object {
	if recv := sig.Recv(); recv != nil && recv.Name() == name {
		return recv
	}
	for _, tuple := range []*types.Tuple{sig.Params(), sig.Results()} {
		for i := range tuple.Len() {
			if tuple.At(i).Name() == name {
				return tuple.At(i)
			}
		}
	}
	return nil
}

// innermost is types.Scope.Innermost by a binary search over the
// package's segments: the scopes nest, so the innermost scope at a
// position is that of the last segment starting at or before it.
func (l *Scopes) innermost(pos token.Pos) *types.Scope {
	if l.segments == nil {
		l.segments = []segment{{token.NoPos, l.pkg.Scope()}}
		l.addSegments(l.pkg.Scope())
	}
	i := sort.Search(len(l.segments), func(i int) bool { return l.segments[i].pos > pos })
	return l.segments[max(i-1, 0)].scope
}

// addSegments appends the segments of s's children, in order of position.
// The type checker creates them in source order but where a declaration
// needs a later one's signature (var _ Reconciler = &R{} gets the scopes
// of R's methods first): only then are they sorted, in a copy.
func (l *Scopes) addSegments(s *types.Scope) {
	n := s.NumChildren()
	inOrder := true
	for i := 1; i < n && inOrder; i++ {
		inOrder = s.Child(i-1).Pos() <= s.Child(i).Pos()
	}
	child := s.Child
	if !inOrder {
		sorted := make([]*types.Scope, n)
		for i := range sorted {
			sorted[i] = s.Child(i)
		}
		slices.SortFunc(sorted, func(a, b *types.Scope) int { return cmp.Compare(a.Pos(), b.Pos()) })
		child = func(i int) *types.Scope { return sorted[i] }
	}
	for i := range n {
		c := child(i)
		l.segments = append(l.segments, segment{c.Pos(), c})
		l.addSegments(c)
		l.segments = append(l.segments, segment{c.End(), s})
	}
}

// LookupAt returns the object name refers to at pos.
func (l *Scopes) LookupAt(name string, pos token.Pos) types.Object {
	s := l.innermost(pos)
	if s.Lookup(name) != nil {
		if found, obj := s.LookupParent(name, pos); found == s {
			return obj
		}
	}
	return l.outside(s, name)
}

// outside returns the object name refers to in the scopes around s. It is
// the same at every position in s, since no declaration of an enclosing
// scope lies inside s, and so is computed once for each scope and name,
// from the answer for the scope around it.
func (l *Scopes) outside(s *types.Scope, name string) types.Object {
	k := scopeName{s, name}
	if obj, ok := l.outer[k]; ok {
		return obj
	}
	var obj types.Object
	if p := s.Parent(); p != nil {
		var found *types.Scope
		if p.Lookup(name) != nil {
			found, obj = p.LookupParent(name, s.Pos())
		}
		if found != p {
			obj = l.outside(p, name)
		}
	}
	l.outer[k] = obj
	return obj
}

// FileLookup resolves names where a file's declarations see them: what a
// signature's types refer to.
func FileLookup(info *types.Info, file *ast.File, pos token.Pos) func(string) types.Object {
	return func(name string) types.Object {
		scope := info.Scopes[file]
		if scope == nil {
			return nil
		}
		_, obj := scope.LookupParent(name, pos)
		return obj
	}
}
