package analyzer

import (
	"fmt"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
)

// inPackage splits a "pkgpath.Func" or "pkgpath.Type.Method" name when it
// belongs to the package at path.
func inPackage(name, path string) (rest string, ok bool) {
	rest, ok = strings.CutPrefix(name, path+".")
	return rest, ok && !strings.Contains(rest, "/")
}

// validateConfiguredNames returns an error for a -sinks or -guards entry
// that names nothing, since a typo would otherwise silently check nothing:
// an entry in a package this package sees (itself or one it imports,
// transitively) must name a function or method declared there, and an
// entry whose package path lies in the analysed package's module must name
// a package of the module. (The standalone command also reports entries
// that no loaded package has.)
func validateConfiguredNames(pass *analysis.Pass, s *settings) error {
	visible := visiblePackages(pass.Pkg)
	for _, list := range []struct {
		setting string
		names   map[string]bool
	}{{"sinks", s.sinks}, {"guards", s.guards}} {
		names := make([]string, 0, len(list.names))
		for name := range list.names {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			if err := validateName(pass, visible, name); err != nil {
				return fmt.Errorf("%s: %q names nothing: %v", list.setting, name, err)
			}
		}
	}
	return nil
}

func validateName(pass *analysis.Pass, visible []*types.Package, name string) error {
	for _, pkg := range visible {
		if rest, ok := inPackage(name, pkg.Path()); ok {
			if !declares(pkg, rest) {
				return fmt.Errorf("package %s declares no function or method %s", pkg.Path(), rest)
			}
			return nil
		}
	}
	if pass.Module == nil || pass.Module.Path == "" || len(pass.Files) == 0 {
		return nil
	}
	mod := pass.Module.Path
	if !strings.HasPrefix(name, mod+"/") && !strings.HasPrefix(name, mod+".") {
		return nil // outside the module: some other package may see it
	}
	root, ok := moduleRoot(pass)
	if !ok {
		return nil
	}
	for _, pkgPath := range candidatePackages(name) {
		if rel, ok := strings.CutPrefix(pkgPath, mod); ok && hasGoFiles(filepath.Join(root, filepath.FromSlash(rel))) {
			return nil
		}
	}
	return fmt.Errorf("module %s has no package %s", mod, candidatePackages(name)[0])
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

// candidatePackages lists the package paths a qualified name may start
// with, longest last-element-without-dots first: "a/b.c.F" may be package
// a/b (type c) or a/b.c.
func candidatePackages(name string) []string {
	slash := strings.LastIndex(name, "/")
	var out []string
	for i := slash + 1; i < len(name); i++ {
		if name[i] == '.' {
			out = append(out, name[:i])
		}
	}
	return out
}

// moduleRoot finds the directory of the analysed package's module from the
// package's own directory and path.
func moduleRoot(pass *analysis.Pass) (string, bool) {
	dir := filepath.Dir(pass.Fset.File(pass.Files[0].FileStart).Name())
	rel, ok := strings.CutPrefix(strings.TrimSuffix(pass.Pkg.Path(), "_test"), pass.Module.Path)
	if !ok {
		return "", false
	}
	rel = filepath.FromSlash(strings.TrimPrefix(rel, "/"))
	if rel == "" {
		return dir, true
	}
	root, ok := strings.CutSuffix(dir, string(filepath.Separator)+rel)
	return root, ok
}

var goFilesMemo sync.Map // dir -> bool

// hasGoFiles reports whether dir holds a non-test Go file.
func hasGoFiles(dir string) bool {
	if v, ok := goFilesMemo.Load(dir); ok {
		return v.(bool)
	}
	found := false
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if n := e.Name(); !e.IsDir() && strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") {
			found = true
			break
		}
	}
	goFilesMemo.Store(dir, found)
	return found
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
