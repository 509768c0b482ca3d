package driver

import (
	"fmt"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// checkConfiguredPackages returns an error for a -sinks or -guards entry
// whose package is none of the packages the run loaded, roots and
// dependencies alike: a typo in the package path would otherwise check
// nothing. (The analyzer itself reports entries that name nothing in a
// package it sees, and packages missing from the analysed module; only the
// standalone driver sees the whole import graph.)
func checkConfiguredPackages(a *analysis.Analyzer, initial []*packages.Package) error {
	loaded := make(map[string]bool)
	packages.Visit(initial, nil, func(p *packages.Package) { loaded[p.PkgPath] = true })
	for _, setting := range []string{"sinks", "guards"} {
		f := a.Flags.Lookup(setting)
		if f == nil || f.Value.String() == "" {
			continue
		}
		names := strings.Split(f.Value.String(), ",")
		sort.Strings(names)
		for _, name := range names {
			name = strings.TrimPrefix(strings.TrimSpace(name), "!")
			if !anyLoaded(loaded, name) {
				return fmt.Errorf("-%s.%s: %q names nothing: no package this run loads is %s", a.Name, setting, name, packagePart(name))
			}
		}
	}
	return nil
}

// anyLoaded reports whether name ("pkgpath.Func" or "pkgpath.Type.Method")
// starts with a loaded package path. The package path's last element may
// hold dots (gopkg.in/yaml.v3), so every split is tried.
func anyLoaded(loaded map[string]bool, name string) bool {
	for i := strings.LastIndex(name, "/") + 1; i < len(name); i++ {
		if name[i] == '.' && loaded[name[:i]] {
			return true
		}
	}
	return false
}

// packagePart is the package path of name, up to the first dot after its
// last slash.
func packagePart(name string) string {
	slash := strings.LastIndex(name, "/")
	if dot := strings.Index(name[slash+1:], "."); dot >= 0 {
		return name[:slash+1+dot]
	}
	return name
}
