package driver

import "golang.org/x/tools/go/packages"

// PruneToAnalysed rewrites the import graph of the roots, the packages
// named on the command line, so that it holds only the packages to
// analyse, for checker.Analyze (see the package documentation): the roots
// and the dependencies that [Load] type-checked for their facts, which
// alone have a TypesInfo.
//
// An analyzer with facts runs on every package in Imports, and needs its
// syntax; dependencies loaded from export data have none. Each package
// analysed keeps an edge to every other one it reaches, directly or
// through packages that are not analysed, so that facts (emitters,
// guards) still flow to the packages that import it: an import of a
// package analysed is the very same *packages.Package and
// *types.Package (go/packages shares one node per package ID), so an
// object seen through an intermediate package is the object the fact
// was exported on.
func PruneToAnalysed(roots []*packages.Package) {
	analysed := make(map[*packages.Package]bool, len(roots))
	packages.Visit(roots, nil, func(p *packages.Package) {
		analysed[p] = p.TypesInfo != nil
	})
	for _, p := range roots {
		analysed[p] = true
	}
	// below memoizes, per package not analysed, the analysed ones it reaches.
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
			if analysed[imp] {
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
	edges := make(map[*packages.Package]map[string]*packages.Package)
	for p, ok := range analysed {
		if !ok {
			continue
		}
		imports := make(map[string]*packages.Package)
		for _, imp := range p.Imports {
			if analysed[imp] {
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
