package analyzer

import (
	"go/ast"
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
	check fixCtx               // the context the fix checks
}

// findFindings returns the package's findings in source order: the
// findingCalls (judge.verdict) of the functions whose files are reported,
// with the context a fix checks.
func findFindings(idx *index, j *judge, em *emitters, reported func(*ast.File) bool, ch *chooser) []*finding {
	var out []*finding
	for _, f := range idx.funcs {
		if !reported(f.file) {
			continue
		}
		for _, site := range f.calls {
			if j.verdict(em, site) == findingCall {
				state := j.states.stateAt(site, true)
				out = append(out, &finding{site: site, state: state, check: ch.choose(site, state)})
			}
		}
	}
	return out
}

// diagnose returns the diagnostics of the findings and the handoffs: the
// message, the related information, and the fixes the plan decided, built
// once each.
func diagnose(idx *index, sources *refactor.Sources, em *emitters, states callStates, findings []*finding, handoffs []*handoff, plan *fixPlan) []analysis.Diagnostic {
	saved := statusSaved(idx, states)
	built := make(map[*refactor.Fix]*analysis.SuggestedFix) // nil where an edit cannot be made
	fixesOf := func(key any) []analysis.SuggestedFix {
		var fixes []analysis.SuggestedFix
		for _, fix := range plan.fixes[key] {
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
		return fixes
	}
	var out []analysis.Diagnostic
	for _, f := range findings {
		out = append(out, analysis.Diagnostic{
			Pos:            f.site.call.Pos(),
			End:            f.site.call.End(),
			Category:       category(em, f, saved),
			Message:        message(idx, em, f, plan),
			Related:        append(em.chainRelated(f.site), whyRelated(idx, f)...),
			SuggestedFixes: fixesOf(f),
		})
	}
	for _, h := range handoffs {
		out = append(out, analysis.Diagnostic{
			Pos:            h.site.call.Pos(),
			End:            h.site.call.End(),
			Category:       CategoryHandoff,
			Message:        handoffMessage(idx, h, plan),
			Related:        handoffRelated(idx, h),
			SuggestedFixes: fixesOf(h),
		})
	}
	return out
}

// bareDirectives reports each ignore directive without a reason.
func bareDirectives(dirs directives, reported func(*ast.File) bool) []analysis.Diagnostic {
	var out []analysis.Diagnostic
	for _, d := range dirs.all {
		if d.reason == "" && reported(d.file) {
			out = append(out, analysis.Diagnostic{Pos: d.pos, Category: CategoryDirective, Message: bareDirectiveMessage})
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
