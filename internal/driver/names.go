package driver

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
	"github.com/ctxnotify/ctxnotify-lint/internal/modcheck"
	"github.com/ctxnotify/ctxnotify-lint/internal/qualname"
)

// checkConfiguredPackages returns an error for a -sinks or -guards entry
// whose package is none of the packages the run loaded, roots and
// dependencies alike: a typo in the package path would otherwise check
// nothing. (The analyzer itself reports entries that name nothing in a
// package it sees; only the standalone driver sees the whole import graph.)
func checkConfiguredPackages(analyzerName string, c analyzer.Config, initial []*packages.Package) error {
	loaded := make(map[string]bool)
	packages.Visit(initial, nil, func(p *packages.Package) { loaded[p.PkgPath] = true })
	for _, n := range c.ConfiguredNames() {
		if !anyLoaded(loaded, n.Name) {
			return fmt.Errorf("-%s.%s: %q names nothing: no package this run loads is %s", analyzerName, n.Setting, n.Name, qualname.Packages(n.Name)[0])
		}
	}
	return nil
}

// CheckVetConfig checks the -sinks and -guards entries of a go vet or go
// fix run against the module of the package its .cfg file describes: an
// entry in that module must name one of its packages. This is the file
// system's part of the check, done before the analysis, which reads no
// file.
func CheckVetConfig(analyzerName string, c analyzer.Config, cfgFile string) error {
	if len(c.Sinks) == 0 && len(c.Guards) == 0 {
		return nil // the common case: nothing to read for each package
	}
	data, err := os.ReadFile(cfgFile)
	if err != nil {
		return nil // the multichecker reports it
	}
	var cfg struct{ Dir, ImportPath, ModulePath string }
	if json.Unmarshal(data, &cfg) != nil || cfg.Dir == "" {
		return nil
	}
	var root string
	var ok bool
	if cfg.ModulePath != "" {
		root, ok = modcheck.ModuleRoot(cfg.Dir, cfg.ImportPath, cfg.ModulePath)
	} else {
		// Go 1.27's .cfg files no longer name the module: its go.mod does.
		root, cfg.ModulePath, ok = modcheck.FindModule(cfg.Dir)
		ok = ok && (cfg.ImportPath == cfg.ModulePath || strings.HasPrefix(cfg.ImportPath, cfg.ModulePath+"/"))
	}
	if !ok {
		return nil
	}
	if err := modcheck.CheckNames(c, root, cfg.ModulePath); err != nil {
		return fmt.Errorf("%s: %w", analyzerName, err)
	}
	return nil
}

// anyLoaded reports whether name starts with a loaded package path.
func anyLoaded(loaded map[string]bool, name string) bool {
	for _, pkgPath := range qualname.Packages(name) {
		if loaded[pkgPath] {
			return true
		}
	}
	return false
}
