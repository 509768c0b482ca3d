package analyzer

import (
	"fmt"
	"go/types"
	"sort"
	"strings"
)

// inPackage splits a "pkgpath.Func" or "pkgpath.Type.Method" name when it
// belongs to the package at path.
func inPackage(name, path string) (rest string, ok bool) {
	rest, ok = strings.CutPrefix(name, path+".")
	return rest, ok && !strings.Contains(rest, "/")
}

// checkConfiguredNames returns an error for a -sinks or -guards entry that
// names a function or method missing from this package or one it imports:
// a typo would otherwise silently check nothing.
func (a *pass) checkConfiguredNames() error {
	pkgs := append([]*types.Package{a.Pkg}, a.Pkg.Imports()...)
	for _, list := range []struct {
		flag  string
		names map[string]bool
	}{{"sinks", a.settings.sinks}, {"guards", a.settings.guards}} {
		names := make([]string, 0, len(list.names))
		for name := range list.names {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			for _, pkg := range pkgs {
				if rest, ok := inPackage(name, pkg.Path()); ok && !declares(pkg, rest) {
					return fmt.Errorf("%s: %q names nothing: package %s declares no function or method %s", list.flag, name, pkg.Path(), rest)
				}
			}
		}
	}
	return nil
}

// declares reports whether pkg declares the function "Func" or the
// method "Type.Method".
func declares(pkg *types.Package, rest string) bool {
	typeName, method, isMethod := strings.Cut(rest, ".")
	obj := pkg.Scope().Lookup(typeName)
	if !isMethod {
		_, ok := obj.(*types.Func)
		return ok
	}
	tn, ok := obj.(*types.TypeName)
	if !ok {
		return false
	}
	m, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, pkg, method)
	_, ok = m.(*types.Func)
	return ok
}
