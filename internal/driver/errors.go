package driver

import (
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// The command analyses a package that does not type-check (a module the
// proxy refuses, a file to embed that was never built, a missing cgo
// toolchain) as far as its types go, and the packages that import it,
// instead of skipping them: one such package would otherwise hide the
// findings of every controller that imports it. It says which packages
// had errors, and exits 1 as for a package that does not load.

// DespiteErrors returns a copy of a that runs on packages with errors, as
// the command runs it (and the analyzer's fuzz test of code with type
// errors).
// The analyzers it requires must run on them already (inspect does).
func DespiteErrors(a *analysis.Analyzer) *analysis.Analyzer {
	if a.RunDespiteErrors {
		return a
	}
	c := *a
	c.RunDespiteErrors = true
	return &c
}

// withErrors returns the paths of the roots that have errors of their
// own, sorted, each once (a package and its test variant share a path).
func withErrors(roots []*packages.Package) []string {
	var paths []string
	for _, p := range roots {
		if len(p.Errors) > 0 {
			paths = append(paths, p.PkgPath)
		}
	}
	slices.Sort(paths)
	return slices.Compact(paths)
}
