package analyzer

import (
	"fmt"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxnotify/ctxnotify-lint/internal/qualname"
)

// validateConfiguredNames returns an error for a -sinks or -guards entry
// that names nothing, since a typo would otherwise silently check nothing:
// an entry in a package this package sees (itself or one it imports,
// transitively) must name a function or method declared there. Entries
// whose package is missing are the drivers' to report, when they are
// configured: the pass reads no file.
func validateConfiguredNames(pass *analysis.Pass, s *settings) error {
	if len(s.names) == 0 {
		return nil
	}
	visible := visiblePackages(pass.Pkg)
	for _, n := range s.names {
		if err := validateName(visible, n.Name); err != nil {
			return fmt.Errorf("%s: %q names nothing: %v", n.Setting, n.Name, err)
		}
	}
	return nil
}

func validateName(visible []*types.Package, name string) error {
	for _, pkg := range visible {
		if rest, ok := qualname.In(name, pkg.Path()); ok {
			if !declares(pkg, rest) {
				return fmt.Errorf("package %s declares no function or method %s", pkg.Path(), rest)
			}
			return nil
		}
	}
	return nil
}

// visiblePackages returns pkg and every package it imports, transitively.
func visiblePackages(pkg *types.Package) []*types.Package {
	seen := map[*types.Package]bool{pkg: true}
	out := []*types.Package{pkg}
	for i := 0; i < len(out); i++ {
		for _, imp := range out[i].Imports() {
			if !seen[imp] {
				seen[imp] = true
				out = append(out, imp)
			}
		}
	}
	return out
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
	// Addressable: methods with pointer receivers count; and an
	// interface's methods are found on the interface itself.
	m, _, _ := types.LookupFieldOrMethod(tn.Type(), true, pkg, method)
	_, ok = m.(*types.Func)
	return ok
}
