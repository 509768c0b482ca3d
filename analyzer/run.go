package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// pass is the state of one run over one package.
type pass struct {
	*analysis.Pass
	settings *settings

	funcs    []*funcInfo
	decls    map[*types.Func]*funcInfo
	byNode   map[ast.Node]*funcInfo
	funcVars map[*types.Var]funcTarget
	guards   map[*types.Func]guardFact

	sinkCache          map[*types.Func]bool
	emitterFacts       map[*types.Func]*emitterFact
	assigned           map[*types.Var][]assignedValue
	neverCancelledMemo map[*types.Var]bool
	ignores            map[*ast.File]map[int]ignoreComment
	sources            map[*token.File][]byte
	noReturn           map[*funcInfo]bool
	diags              []analysis.Diagnostic // reported in source order by flush
}

// run is the pipeline: sinks -> contexts -> guards -> emitters -> report.
func run(pass_ *analysis.Pass, s *settings) error {
	a := &pass{
		Pass:               pass_,
		settings:           s,
		decls:              make(map[*types.Func]*funcInfo),
		byNode:             make(map[ast.Node]*funcInfo),
		guards:             make(map[*types.Func]guardFact),
		sinkCache:          make(map[*types.Func]bool),
		emitterFacts:       make(map[*types.Func]*emitterFact),
		neverCancelledMemo: make(map[*types.Var]bool),
		ignores:            make(map[*ast.File]map[int]ignoreComment),
		sources:            make(map[*token.File][]byte),
		noReturn:           make(map[*funcInfo]bool),
	}
	if strings.HasSuffix(a.Pkg.Path(), ".test") {
		return nil // a generated test main package
	}
	if err := a.checkConfiguredNames(); err != nil {
		return err
	}
	if !a.reachesSinks() {
		// It cannot emit events, but may declare guards for those that do.
		if imports(a.Pkg, "context") {
			a.findGuards()
		}
		return nil
	}
	a.ExportPackageFact(new(sinkReachFact))
	a.collectFuncs()
	a.findGuards()
	sitesOf := a.sitesByTarget()
	mayEmit := a.mayEmit(sitesOf)
	if a.settings.reconcileOnly {
		a.markReconcileCode()
	}
	a.markGuardedFuncs(mayEmit, sitesOf)
	a.findEmitters(mayEmit, sitesOf)
	a.exportEmitters()
	a.report(mayEmit)
	return nil
}

// reachesSinks is the fast path: only a package that declares sinks or
// imports, directly or transitively, one that does (or that has the fact)
// can emit events. Dependencies read from export data list the packages
// their export data refers to, so the walk also works where dependencies
// were not analysed (the standalone command).
func (a *pass) reachesSinks() bool {
	seen := make(map[*types.Package]bool)
	var walk func(pkg *types.Package) bool
	walk = func(pkg *types.Package) bool {
		if seen[pkg] {
			return false
		}
		seen[pkg] = true
		if a.declaresSinks(pkg.Path()) || pkg != a.Pkg && a.ImportPackageFact(pkg, new(sinkReachFact)) {
			return true
		}
		for _, imp := range pkg.Imports() {
			if walk(imp) {
				return true
			}
		}
		return false
	}
	return walk(a.Pkg)
}

func imports(pkg *types.Package, path string) bool {
	for _, imp := range pkg.Imports() {
		if imp.Path() == path {
			return true
		}
	}
	return false
}

func (a *pass) declaresSinks(path string) bool {
	// Custom recorders are sinks by their method shape, which needs
	// runtime.Object.
	if path == "k8s.io/apimachinery/pkg/runtime" {
		return true
	}
	for _, p := range sinkPackages {
		if p == path {
			return true
		}
	}
	for name := range a.settings.sinks {
		if _, ok := inPackage(name, path); ok {
			return true
		}
	}
	return false
}
