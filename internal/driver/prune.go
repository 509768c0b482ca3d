package driver

import "golang.org/x/tools/go/packages"

// PruneToRoots rewrites the import graph of the roots, the packages
// named on the command line, so that it holds only them, for
// checker.Analyze (see the package documentation).
//
// An analyzer with facts runs on every package in Imports, and needs its
// syntax; dependencies loaded from export data have none. Each root keeps
// an edge to every other root it reaches, directly or through packages
// that are not roots, so that facts (emitters, guards) still flow from a
// root to the roots that import it: a root's import of another root is
// the very same *packages.Package and *types.Package (go/packages shares
// one node per package ID), so an object seen through export data of an
// intermediate package is the object the fact was exported on.
func PruneToRoots(roots []*packages.Package) {
	isRoot := make(map[*packages.Package]bool, len(roots))
	for _, p := range roots {
		isRoot[p] = true
	}
	// below memoizes, per non-root package, the roots it reaches.
	below := make(map[*packages.Package][]*packages.Package)
	var reach func(p *packages.Package) []*packages.Package
	reach = func(p *packages.Package) []*packages.Package {
		if found, ok := below[p]; ok {
			return found
		}
		below[p] = nil // the import graph is acyclic; this only guards re-entry
		seen := make(map[*packages.Package]bool)
		var found []*packages.Package
		for _, imp := range p.Imports {
			var hits []*packages.Package
			if isRoot[imp] {
				hits = []*packages.Package{imp}
			} else {
				hits = reach(imp)
			}
			for _, h := range hits {
				if !seen[h] {
					seen[h] = true
					found = append(found, h)
				}
			}
		}
		below[p] = found
		return found
	}
	edges := make(map[*packages.Package]map[string]*packages.Package, len(roots))
	for _, p := range roots {
		imports := make(map[string]*packages.Package)
		for _, imp := range p.Imports {
			if isRoot[imp] {
				imports[imp.ID] = imp
				continue
			}
			for _, r := range reach(imp) {
				imports[r.ID] = r
			}
		}
		edges[p] = imports
	}
	for p, imports := range edges {
		p.Imports = imports
	}
}
