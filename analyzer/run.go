package analyzer

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
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
	m := newModel(pass)
	in := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)

	// Facts every package exports, whether or not it can emit events.
	noReturn := findNoReturn(pass, m)
	forwarders := findForwarders(pass, m)
	var escaping map[*types.Var]bool // found once, when a dataflow first runs
	newEnv := func(g guardFuncs) *guardflow.Env {
		if escaping == nil {
			escaping = escapingVarsOf(pass.TypesInfo, in)
		}
		return guardflow.NewEnv(pass.TypesInfo, pass.Pkg, functions{forwarders, g}, noReturn.mayReturn, escaping)
	}
	guards := guardFuncs{pass: pass, configured: s.guards}
	if importsPath(pass.Pkg, "context") {
		guards = findGuards(pass, m, s.guards, newEnv)
	}
	if !reachesSinks(pass, s) {
		return nil
	}
	pass.ExportPackageFact(new(sinkReachFact))

	idx := newIndex(m, in)
	sinks := newSinks(s)
	ifaces := findImplementations(idx, m, sinks)
	calls := newSinkCalls(pass, idx, sinks, ifaces)
	candidates := mayEmit(idx, calls)
	fl := newFlows(newEnv(guards))
	j := &judge{
		m:          m,
		idx:        idx,
		entries:    entries{fl: fl, guarded: guardedFuncs(idx, ifaces, fl, candidates)},
		candidates: candidates,
		reconcile:  reconcileCode(idx, ifaces, s),
	}
	em := findEmitters(j, calls)
	exportEmitterFacts(pass, em)
	report(pass, s, j, em)
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
