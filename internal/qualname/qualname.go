// Package qualname parses the qualified names that the sinks and guards
// settings take, "pkgpath.Func" or "pkgpath.Type.Method", and checks them
// against a module on disk. The analyzer only parses them (a pass reads no
// file); the drivers check them when they are configured.
package qualname

import (
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/mod/modfile"
)

// Form is the accepted form, as error messages and help texts quote it.
const Form = "pkgpath.Func or pkgpath.Type.Method"

// Parse reports whether name has the form "pkgpath.Func" or
// "pkgpath.Type.Method".
func Parse(name string) error {
	const want = "want " + Form + ", e.g. example.com/events.Notify"
	tail := name[strings.LastIndex(name, "/")+1:]
	dot := strings.Index(tail, ".")
	if name == "" || dot <= 0 || strings.ContainsAny(name, " \t\n,") {
		return fmt.Errorf("%q: %s", name, want)
	}
	for _, ident := range strings.Split(tail[dot+1:], ".") {
		if !token.IsIdentifier(ident) {
			return fmt.Errorf("%q: %q is not an identifier; %s", name, ident, want)
		}
	}
	return nil
}

// In splits name when it belongs to the package at pkgPath, returning the
// rest: "Func" or "Type.Method".
func In(name, pkgPath string) (rest string, ok bool) {
	rest, ok = strings.CutPrefix(name, pkgPath+".")
	return rest, ok && !strings.Contains(rest, "/")
}

// Packages lists the package paths name may start with, the shortest
// first: the last element of a package path may hold dots (gopkg.in/yaml.v3),
// so "a/b.c.F" may be package a/b (type c) or package a/b.c.
func Packages(name string) []string {
	var out []string
	for i := strings.LastIndex(name, "/") + 1; i < len(name); i++ {
		if name[i] == '.' {
			out = append(out, name[:i])
		}
	}
	return out
}

// CheckInModule returns an error when name lies in the module at root
// (whose path is modPath) but no package of the module, a directory with a
// non-test Go file, can hold it: a typo would otherwise check nothing.
// Names outside the module are not its business.
func CheckInModule(root, modPath, name string) error {
	if !strings.HasPrefix(name, modPath+"/") && !strings.HasPrefix(name, modPath+".") {
		return nil
	}
	pkgs := Packages(name)
	for _, pkgPath := range pkgs {
		if rel, ok := strings.CutPrefix(pkgPath, modPath); ok && hasGoFiles(filepath.Join(root, filepath.FromSlash(rel))) {
			return nil
		}
	}
	return fmt.Errorf("module %s has no package %s", modPath, pkgs[0])
}

// ModuleRoot finds the root directory of the module at modPath from the
// directory and import path of one of its packages.
func ModuleRoot(dir, pkgPath, modPath string) (string, bool) {
	rel, ok := strings.CutPrefix(strings.TrimSuffix(pkgPath, "_test"), modPath)
	if !ok {
		return "", false
	}
	rel = filepath.FromSlash(strings.TrimPrefix(rel, "/"))
	if rel == "" {
		return dir, true
	}
	return strings.CutSuffix(dir, string(filepath.Separator)+rel)
}

// FindModule returns the root and path of the module whose go.mod is in
// dir or the nearest directory above it.
func FindModule(dir string) (root, modPath string, ok bool) {
	for {
		if data, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil {
			modPath = modfile.ModulePath(data)
			return dir, modPath, modPath != ""
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", "", false
		}
		dir = parent
	}
}

// hasGoFiles reports whether dir holds a non-test Go file.
func hasGoFiles(dir string) bool {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if n := e.Name(); !e.IsDir() && strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") {
			return true
		}
	}
	return false
}
