package analyzer

import (
	"go/ast"
	"go/types"
	"sort"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
)

// finding is an unguarded emitting call in code that holds a usable
// context.
type finding struct {
	site  *callSite
	facts *guardflow.CallFacts // with explanations
	ctx   *types.Var           // the context the fix checks; nil when none can be named
}

// findFindings returns the package's findings in source order: the
// findingCalls (judge.verdict) of the functions whose files are reported.
func findFindings(j *judge, em *emitters, reported func(*ast.File) bool, names *lookups) []*finding {
	var out []*finding
	for _, f := range j.idx.funcs {
		if !j.candidates[f] || !reported(f.file) {
			continue
		}
		for _, site := range f.calls {
			if j.verdict(em, site) == findingCall {
				facts := j.entries.factsAt(site, true)
				out = append(out, &finding{site: site, facts: facts, ctx: fixContext(names, site, facts)})
			}
		}
	}
	return out
}

// report emits a diagnostic for each finding, each ignore directive
// without a reason and (-strict) each loose check, in source order.
func report(pass *analysis.Pass, s *settings, j *judge, em *emitters) {
	reported := func(file *ast.File) bool { return file != nil && (s.generated || !j.m.generated[file]) }
	var diags []analysis.Diagnostic
	for _, d := range j.m.dirs.all {
		if d.reason == "" && reported(d.file) {
			diags = append(diags, analysis.Diagnostic{Pos: d.pos, Message: bareDirectiveMessage})
		}
	}
	names := newLookups(pass.TypesInfo, pass.Pkg)
	findings := findFindings(j, em, reported, names)
	fixes := newFixer(pass, j.idx, names, findings)
	for _, f := range findings {
		diags = append(diags, analysis.Diagnostic{
			Pos:            f.site.call.Pos(),
			End:            f.site.call.End(),
			Message:        message(j.idx, em, f),
			Related:        append(em.chainRelated(f.site), whyRelated(j.idx, f)...),
			SuggestedFixes: fixes.suggest(f),
		})
	}
	if s.strict {
		diags = append(diags, looseChecks(j, reported)...)
	}
	sortDiagnostics(pass, diags)
	for _, d := range diags {
		pass.Report(d)
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
