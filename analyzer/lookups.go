package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
)

// lookups tells what a name refers to at a position of a function, for the
// fixes. Most names a fix writes (ctx, errors, context) are declared
// nowhere in the function: for those the file's scope answers at once, so
// that fixing a function thousands of blocks long does not walk its scopes
// for every fix.
type lookups struct {
	info     *types.Info
	pkg      *types.Package
	declared map[*funcNode]map[string]bool   // names declared in the body of each outermost function
	children map[*types.Scope][]*types.Scope // each scope's children met so far, by position
}

func newLookups(info *types.Info, pkg *types.Package) *lookups {
	return &lookups{info: info, pkg: pkg, declared: make(map[*funcNode]map[string]bool), children: make(map[*types.Scope][]*types.Scope)}
}

// at returns the object name refers to at pos, in f.
func (l *lookups) at(f *funcNode, name string, pos token.Pos) types.Object {
	if l.declaredIn(f)[name] {
		return l.lookupAt(name, pos)
	}
	if obj := signatureObject(f.outermost(), name); obj != nil {
		return obj
	}
	if fileScope := l.info.Scopes[f.file]; fileScope != nil {
		_, obj := fileScope.LookupParent(name, pos)
		return obj
	}
	return l.lookupAt(name, pos)
}

// declaredIn returns the names declared in the body of f's outermost
// function (nested literals' signatures included).
func (l *lookups) declaredIn(f *funcNode) map[string]bool {
	outer := f.outermost()
	if names, ok := l.declared[outer]; ok {
		return names
	}
	names := make(map[string]bool)
	ast.Inspect(outer.body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && l.info.Defs[id] != nil {
			names[id.Name] = true
		}
		return true
	})
	l.declared[outer] = names
	return names
}

// signatureObject returns the receiver, parameter or result of f named
// name, if any.
func signatureObject(f *funcNode, name string) types.Object {
	if recv := f.sig.Recv(); recv != nil && recv.Name() == name {
		return recv
	}
	for _, tuple := range []*types.Tuple{f.sig.Params(), f.sig.Results()} {
		for i := range tuple.Len() {
			if tuple.At(i).Name() == name {
				return tuple.At(i)
			}
		}
	}
	return nil
}

// innermost is types.Scope.Innermost with a binary search over each
// scope's children, sorted by position once per scope: the type checker
// does not create them in source order (a method whose signature an
// earlier declaration needs, such as var _ Reconciler = &R{}, gets its
// scope first).
func (l *lookups) innermost(pos token.Pos) *types.Scope {
	s := l.pkg.Scope()
	for {
		children := l.sortedChildren(s)
		i := sort.Search(len(children), func(i int) bool { return children[i].End() > pos })
		if i == len(children) || !children[i].Contains(pos) {
			return s
		}
		s = children[i]
	}
}

// lookupAt returns the object name refers to at pos.
func (l *lookups) lookupAt(name string, pos token.Pos) types.Object {
	_, obj := l.innermost(pos).LookupParent(name, pos)
	return obj
}

func (l *lookups) sortedChildren(s *types.Scope) []*types.Scope {
	if c, ok := l.children[s]; ok {
		return c
	}
	c := make([]*types.Scope, s.NumChildren())
	for i := range c {
		c[i] = s.Child(i)
	}
	sort.Slice(c, func(i, j int) bool { return c[i].Pos() < c[j].Pos() })
	l.children[s] = c
	return c
}

// fileLookup resolves names where a file's declarations see them: what a
// signature's types refer to.
func fileLookup(info *types.Info, file *ast.File, pos token.Pos) func(string) types.Object {
	return func(name string) types.Object {
		scope := info.Scopes[file]
		if scope == nil {
			return nil
		}
		_, obj := scope.LookupParent(name, pos)
		return obj
	}
}
