// Package namedtype tells whether a type is a given named type: the one
// test that the guard dataflow (is this context.Context?) and the table of
// recorders (is this runtime.Object?) share, in a package of its own so
// that neither imports the other.
package namedtype

import "go/types"

// Is reports whether t is the named type pkgPath.name (through aliases;
// an instance of a generic type counts as its origin).
func Is(t types.Type, pkgPath, name string) bool {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	obj := named.Origin().Obj()
	return obj.Pkg() != nil && obj.Pkg().Path() == pkgPath && obj.Name() == name
}
