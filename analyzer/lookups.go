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
	declared map[*funcNode]map[string]bool // names declared in the body of each outermost function
}

func newLookups(info *types.Info, pkg *types.Package) *lookups {
	return &lookups{info: info, pkg: pkg, declared: make(map[*funcNode]map[string]bool)}
}

// at returns the object name refers to at pos, in f.
func (l *lookups) at(f *funcNode, name string, pos token.Pos) types.Object {
	if l.declaredIn(f)[name] {
		_, obj := innermostScope(l.pkg.Scope(), pos).LookupParent(name, pos)
		return obj
	}
	if obj := signatureObject(f.outermost(), name); obj != nil {
		return obj
	}
	if fileScope := l.info.Scopes[f.file]; fileScope != nil {
		_, obj := fileScope.LookupParent(name, pos)
		return obj
	}
	_, obj := innermostScope(l.pkg.Scope(), pos).LookupParent(name, pos)
	return obj
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

// innermostScope is types.Scope.Innermost with a binary search over each
// scope's children (which the type checker creates in source order).
func innermostScope(pkgScope *types.Scope, pos token.Pos) *types.Scope {
	var s *types.Scope
	for i := range pkgScope.NumChildren() {
		if fs := pkgScope.Child(i); fs.Contains(pos) {
			s = fs
			break
		}
	}
	if s == nil {
		return pkgScope
	}
	for {
		n := s.NumChildren()
		i := sort.Search(n, func(i int) bool { return s.Child(i).End() > pos })
		if i == n || !s.Child(i).Contains(pos) {
			return s
		}
		s = s.Child(i)
	}
}
