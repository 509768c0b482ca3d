package analyzer

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
	"github.com/ctxnotify/ctxnotify-lint/internal/refactor"
)

// finding is an unguarded emitting call in code that holds a usable
// context.
type finding struct {
	site  *callSite
	state *guardflow.CallState // with explanations
	ctx   *types.Var           // the context the fix checks; nil when none can be named
}

// findFindings returns the package's findings in source order: the
// findingCalls (judge.verdict) of the functions whose files are reported,
// with the context a fix checks.
func findFindings(idx *index, j *judge, em *emitters, reported func(*ast.File) bool, names *lookups) []*finding {
	var out []*finding
	for _, f := range idx.funcs {
		if !reported(f.file) {
			continue
		}
		for _, site := range f.calls {
			if j.verdict(em, site) == findingCall {
				state := j.states.stateAt(site, true)
				out = append(out, &finding{site: site, state: state, ctx: fixContext(names, site, state)})
			}
		}
	}
	return out
}

// diagnose returns the findings' diagnostics: the message, the related
// information, and the fixes the plan decided, built once each.
func diagnose(pass *analysis.Pass, idx *index, em *emitters, findings []*finding, plan map[*finding][]*refactor.Fix) []analysis.Diagnostic {
	sources := refactor.NewSources(idx.fset, pass.ReadFile)
	built := make(map[*refactor.Fix]*analysis.SuggestedFix) // nil where an edit cannot be made
	var out []analysis.Diagnostic
	for _, f := range findings {
		var fixes []analysis.SuggestedFix
		for _, fix := range plan[f] {
			sf, ok := built[fix]
			if !ok {
				if b, ok := sources.Build(fix); ok {
					sf = &b
				}
				built[fix] = sf
			}
			if sf != nil {
				fixes = append(fixes, *sf)
			}
		}
		out = append(out, analysis.Diagnostic{
			Pos:            f.site.call.Pos(),
			End:            f.site.call.End(),
			Message:        message(idx, em, f),
			Related:        append(em.chainRelated(f.site), whyRelated(idx, f)...),
			SuggestedFixes: fixes,
		})
	}
	return out
}

// bareDirectives reports each ignore directive without a reason.
func bareDirectives(dirs directives, reported func(*ast.File) bool) []analysis.Diagnostic {
	var out []analysis.Diagnostic
	for _, d := range dirs.all {
		if d.reason == "" && reported(d.file) {
			out = append(out, analysis.Diagnostic{Pos: d.pos, Message: bareDirectiveMessage})
		}
	}
	return out
}

// report reports the diagnostics in source order.
func report(pass *analysis.Pass, m *model, diags []analysis.Diagnostic) {
	slices.SortStableFunc(diags, func(a, b analysis.Diagnostic) int { return m.compare(a.Pos, b.Pos) })
	for _, d := range diags {
		pass.Report(d)
	}
}
