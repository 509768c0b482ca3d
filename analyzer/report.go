package analyzer

import (
	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"

	"go/ast"
	"go/types"
	"sort"

	"golang.org/x/tools/go/analysis"
)

// finding is an unguarded emitting call in code that holds a usable
// context.
type finding struct {
	site  *callSite
	facts *guardflow.CallFacts // with explanations
	ctx   *types.Var           // the context the fix checks; nil when none can be named
}

// findFindings returns the package's findings in source order: in each
// function that may emit and is checked, the emitting calls that are not
// ignored, not guarded, and have a usable context in hand.
func findFindings(idx *index, em *emitters, e entries, candidates map[*funcNode]bool, inScope func(*funcNode) bool, dirs directives, reported func(*ast.File) bool, names *lookups) []*finding {
	var out []*finding
	for _, f := range idx.funcs {
		if !candidates[f] || !inScope(f) || !reported(f.file) {
			continue
		}
		for _, site := range f.calls {
			if !em.emits(site) || e.guardedAt(site) || dirs.ignored(site) || !e.contextInHand(site) {
				continue // a call without a context makes f an emitter: its callers are judged
			}
			facts := e.factsAt(site, true)
			out = append(out, &finding{site: site, facts: facts, ctx: fixContext(names, site, facts)})
		}
	}
	return out
}

// report emits a diagnostic for each finding, each ignore directive
// without a reason and (-strict) each loose check, in source order.
func report(pass *analysis.Pass, s *settings, idx *index, em *emitters, e entries, candidates map[*funcNode]bool, inScope func(*funcNode) bool, dirs directives) {
	reported := generatedFilter(s)
	var diags []analysis.Diagnostic
	for _, d := range dirs.all {
		if d.reason == "" && reported(d.file) {
			diags = append(diags, analysis.Diagnostic{Pos: d.pos, Message: bareDirectiveMessage})
		}
	}
	names := newLookups(pass.TypesInfo, pass.Pkg)
	findings := findFindings(idx, em, e, candidates, inScope, dirs, reported, names)
	fixes := newFixer(idx, names, findings)
	for _, f := range findings {
		diags = append(diags, analysis.Diagnostic{
			Pos:            f.site.call.Pos(),
			End:            f.site.call.End(),
			Message:        message(idx, em, f),
			Related:        append(em.chainRelated(f.site), whyRelated(idx, f)...),
			SuggestedFixes: fixes.suggest(f),
		})
	}
	if s.strict {
		diags = append(diags, looseChecks(idx, e, candidates, reported)...)
	}
	sortDiagnostics(pass, diags)
	for _, d := range diags {
		pass.Report(d)
	}
}

// generatedFilter tells whether findings in a file are reported: not in
// generated files, unless configured.
func generatedFilter(s *settings) func(*ast.File) bool {
	memo := make(map[*ast.File]bool)
	return func(file *ast.File) bool {
		if file == nil {
			return false
		}
		v, ok := memo[file]
		if !ok {
			v = s.generated || !ast.IsGenerated(file)
			memo[file] = v
		}
		return v
	}
}

// sortDiagnostics orders diagnostics by file name, then offset: token.Pos
// order follows the order in which the driver happened to read the files.
func sortDiagnostics(pass *analysis.Pass, diags []analysis.Diagnostic) {
	sort.SliceStable(diags, func(i, j int) bool {
		pi, pj := pass.Fset.Position(diags[i].Pos), pass.Fset.Position(diags[j].Pos)
		if pi.Filename != pj.Filename {
			return pi.Filename < pj.Filename
		}
		return pi.Offset < pj.Offset
	})
}
