package analyzer

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
	"github.com/ctxnotify/ctxnotify-lint/internal/fixplan"
	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
	"github.com/ctxnotify/ctxnotify-lint/internal/refactor"
)

// run is the pipeline. Each stage is a function of what the earlier ones
// returned, and returns what it decides. One value changes after it is
// made: findRequestParams gives the flows the parameters that hold a
// request's context, which it decides from the flows themselves (a
// fixpoint), and the flows compute again what those parameters change.
// Other values memoize what they are asked (the dataflows, the holdings,
// the sinks, the imported emitters' facts, the name lookups): that fills
// caches, and changes no answer.
func run(pass *analysis.Pass, s *settings) (*Review, error) {
	if strings.HasSuffix(pass.Pkg.Path(), ".test") {
		return nil, nil // a generated test main package
	}
	if err := validateConfiguredNames(pass, s); err != nil {
		return nil, err
	}
	m := callgraph.NewModel(pass)
	dirs := findDirectives(pass, m)

	// Facts every package exports, whether or not it can emit events.
	noReturn := findNoReturn(m, pass.ImportObjectFact)
	noReturn.export(pass.ExportObjectFact, m)
	forwarders := findForwarders(m, pass.ImportObjectFact)
	forwarders.export(pass.ExportObjectFact, m)
	runners := findRunners(m, pass.ImportObjectFact, noReturn.mayReturn)
	runners.export(pass.ExportObjectFact, m)
	checks := findCheckFuncs(m, s.guards, pass.ImportObjectFact, forwarders, noReturn, runners)
	checks.export(pass.ExportObjectFact, m)
	errTests := findErrorTests(m, pass.ImportObjectFact, forwarders, checks, noReturn, runners)
	errTests.export(pass.ExportObjectFact, m)

	if !reachesSinks(pass, s) {
		return nil, nil
	}
	pass.ExportPackageFact(new(sinkReachFact))

	// The call graph, and the functions that may emit: only they get a
	// dataflow.
	sk := newSinks(s)
	idx := callgraph.NewGraph(m, sk.isSink)
	known := newKnownEmitters(idx, sk, pass.ImportObjectFact)
	candidates := mayEmit(idx, known)
	fl := newFlows(guardflow.NewEnv(m.Info, m.Pkg, functions{forwarders: forwarders, checks: checks, runners: runners, errTests: errTests}, noReturn.mayReturn, idx.Escaping))
	findRequestParams(idx, fl, candidates) // the flows take them from here on

	// The rule: where functions start guarded, what is analysed, then the
	// emitters, decided by the one verdict.
	states := callStates{fl: fl, guarded: entryGuarded(idx, fl, candidates)}
	j := &judge{dirs: dirs, states: states, reconcile: reconcileCode(idx, s)}
	em := findEmitters(idx, known, candidates, j)
	exportEmitterFacts(pass.ExportObjectFact, em)

	// The findings, each with the context its fix checks (fixplan's
	// chooser), and the helpers fixed at their depth.
	reported := func(file *ast.File) bool { return file != nil && (s.generated || !m.Generated[file]) }
	scopes := refactor.NewScopes(m.Info, m.Pkg)
	ch := fixplan.NewChooser(idx, scopes, fl.env)
	findings := findFindings(idx, j, em, reported, ch)
	det := detected{em, j}
	groups := fixplan.FindHelperGroups(idx, det, ch, m)

	// The checks those choices make, and the calls that hand them
	// contexts the code has cancelled.
	checked := findCheckedParams(idx, j, em, findings, groups, ch, pass.ImportPackageFact)
	checked.export(pass.ExportPackageFact)
	handoffs := findHandoffs(idx, j, checked, ch, reported)

	// The fixes, then the report.
	sources := refactor.NewSources(idx.Fset, pass.ReadFile)
	plan := fixplan.Make(idx, findings, handoffFixes(handoffs), fixplan.Input{Detection: det, Conventions: fixplan.NewConventions(m), Scopes: scopes, Sources: sources, Chooser: ch, Groups: groups})
	diags := bareDirectives(dirs, reported)
	diags = append(diags, diagnose(idx, sources, em, states, findings, handoffs, plan)...)
	if s.strict {
		diags = append(diags, looseChecks(idx, states, candidates, reported)...)
	}
	report(pass, m, diags)
	return findReview(idx, em, j, m, findings, reported), nil
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
