package analyzer

import (
	"go/ast"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
	"github.com/ctxnotify/ctxnotify-lint/internal/fixplan"
	"github.com/ctxnotify/ctxnotify-lint/internal/refactor"
)

// findFindings returns the package's findings in source order: the
// findingCalls (judge.verdict) of the functions whose files are reported,
// with the context a fix checks.
func findFindings(idx *callgraph.Graph, j *judge, em *emitters, reported func(*ast.File) bool, ch *fixplan.Chooser) []*fixplan.Finding {
	var out []*fixplan.Finding
	for _, f := range idx.Funcs {
		if !reported(f.File) {
			continue
		}
		for _, site := range f.Calls {
			if j.verdict(em, site) == findingCall {
				state := j.states.stateAt(site, true)
				out = append(out, &fixplan.Finding{Site: site, State: state, Check: ch.Choose(site, state)})
			}
		}
	}
	return out
}

// diagnose returns the diagnostics of the findings and the handoffs: the
// message, the related information, and the fixes the plan decided, built
// once each.
func diagnose(idx *callgraph.Graph, sources *refactor.Sources, em *emitters, states callStates, findings []*fixplan.Finding, handoffs []*handoff, plan *fixplan.Plan) []analysis.Diagnostic {
	saved := statusSaved(idx, states)
	built := make(map[*refactor.Fix]*analysis.SuggestedFix) // nil where an edit cannot be made
	fixesOf := func(planned []*refactor.Fix) []analysis.SuggestedFix {
		var fixes []analysis.SuggestedFix
		for _, fix := range planned {
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
			Pos:            f.Site.Call.Pos(),
			End:            f.Site.Call.End(),
			Category:       category(em, f, saved),
			Message:        message(idx, em, f, plan),
			Related:        append(em.chainRelated(f.Site), whyRelated(idx, f)...),
			SuggestedFixes: fixesOf(plan.Fixes[f]),
		})
	}
	for _, h := range handoffs {
		out = append(out, analysis.Diagnostic{
			Pos:            h.Site.Call.Pos(),
			End:            h.Site.Call.End(),
			Category:       CategoryHandoff,
			Message:        handoffMessage(idx, h, plan),
			Related:        handoffRelated(idx, h),
			SuggestedFixes: fixesOf(plan.HandoffFixes(&h.Handoff)),
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
func report(pass *analysis.Pass, m *callgraph.Model, diags []analysis.Diagnostic) {
	slices.SortStableFunc(diags, func(a, b analysis.Diagnostic) int { return m.Compare(a.Pos, b.Pos) })
	for _, d := range diags {
		pass.Report(d)
	}
}
