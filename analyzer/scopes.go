package analyzer

import (
	"go/token"
	"go/types"
	"sort"
)

// innermostScope is types.Scope.Innermost with a binary search over each
// scope's children (which the type checker creates in source order), so
// that a lookup in a function of thousands of blocks does not scan them
// all.
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
