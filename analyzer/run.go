package analyzer

import (
	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"

	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// run is the pipeline. Each stage is a function of what the earlier ones
// returned; nothing is changed after it is built.
func run(pass *analysis.Pass, s *settings) error {
	if strings.HasSuffix(pass.Pkg.Path(), ".test") {
		return nil // a generated test main package
	}
	if err := validateConfiguredNames(pass, s); err != nil {
		return err
	}

	// Facts every package exports, whether or not it can emit events.
	noReturn := findNoReturn(pass)
	forwarders := findForwarders(pass)
	escaping := escapingVarsOf(pass)
	guards := guards{pass: pass, configured: s.guards}
	if importsPath(pass.Pkg, "context") {
		guards = findGuards(pass, guards, forwarders, noReturn, escaping)
	}
	if !reachesSinks(pass, s) {
		return nil
	}
	pass.ExportPackageFact(new(sinkReachFact))

	idx := newIndex(pass, escaping)
	sinks := newSinks(s)
	ifaces := findImplementations(idx, sinks)
	dirs := findDirectives(pass)
	reconcile := reconcileCode(idx, ifaces, s)
	inScope := func(f *funcNode) bool { return checked(reconcile, s, f) }

	fl := newFlows(guardflow.NewEnv(pass.TypesInfo, pass.Pkg, functions{forwarders, guards}, noReturn.mayReturn, escaping))
	candidates := mayEmit(idx, newEmitters(idx, sinks, ifaces))
	guarded := guardedFuncs(idx, ifaces, fl, candidates)
	e := entries{fl: fl, guarded: guarded}
	em := findEmitters(idx, sinks, ifaces, e, candidates, inScope, dirs)
	exportEmitterFacts(pass, idx, em)
	report(pass, s, idx, em, e, candidates, inScope, dirs)
	return nil
}

// reachesSinks is the fast path: only a package that declares sinks or
// imports, directly or transitively, one that does (or that has the fact)
// can emit events. Dependencies read from export data list the packages
// their export data refers to, so the walk also works where dependencies
// were not analysed (the standalone command).
func reachesSinks(pass *analysis.Pass, s *settings) bool {
	seen := make(map[*types.Package]bool)
	var walk func(pkg *types.Package) bool
	walk = func(pkg *types.Package) bool {
		if seen[pkg] {
			return false
		}
		seen[pkg] = true
		if declaresSinks(pkg.Path(), s) || pkg != pass.Pkg && pass.ImportPackageFact(pkg, new(sinkReachFact)) {
			return true
		}
		for _, imp := range pkg.Imports() {
			if walk(imp) {
				return true
			}
		}
		return false
	}
	return walk(pass.Pkg)
}

func importsPath(pkg *types.Package, path string) bool {
	for _, imp := range pkg.Imports() {
		if imp.Path() == path {
			return true
		}
	}
	return false
}
