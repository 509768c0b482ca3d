// Package modcheck checks configured names against a module on disk: a
// sinks or guards entry that lies in the module must name one of its
// packages, or a typo would check nothing. The drivers call it before
// the analysis (the command under go vet and go fix, the golangci-lint
// plugin), since the analyzer reads no file.
package modcheck

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
	"github.com/ctxnotify/ctxnotify-lint/internal/qualname"
)

// CheckNames returns an error for the first sinks or guards entry of c
// that lies in the module at root (whose path is modPath) but names none
// of its packages, in the words every driver prints after its own name:
// `sinks: "NAME" names nothing: module M has no package P`.
func CheckNames(c analyzer.Config, root, modPath string) error {
	for _, n := range c.ConfiguredNames() {
		if err := CheckInModule(root, modPath, n.Name); err != nil {
			return fmt.Errorf("%s: %q names nothing: %w", n.Setting, n.Name, err)
		}
	}
	return nil
}

// CheckInModule returns an error when name lies in the module at root
// (whose path is modPath) but no package of the module, a directory with a
// non-test Go file, can hold it: a typo would otherwise check nothing.
// Names outside the module are not its business.
func CheckInModule(root, modPath, name string) error {
	if !strings.HasPrefix(name, modPath+"/") && !strings.HasPrefix(name, modPath+".") {
		return nil
	}
	pkgs := qualname.Packages(name)
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
