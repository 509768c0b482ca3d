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
	at := make(map[*callgraph.Site]int) // the findings' diagnostics, by call
	for _, f := range findings {
		at[f.Site] = len(out)
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
		// One diagnostic per call: where the call also emits without a
		// check, the finding's says both, and its fix mends both.
		if i, ok := at[h.Site]; ok {
			d := &out[i]
			d.Message += "; the call also " + handoffText(idx, h, plan, true)
			d.Related = append(d.Related, handoffRelated(idx, h)...)
			d.SuggestedFixes = joinFixes(d.SuggestedFixes, fixesOf(plan.HandoffFixes(&h.Handoff)))
			continue
		}
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

// joinFixes returns the fixes of a call that is a finding and a handoff:
// the finding's first fix with the edits of the handoff's first that it
// lacks (the same rename, where both make it), when none overlaps one of
// its own; else the finding's fixes, or the handoff's where it has none.
func joinFixes(finding, handoff []analysis.SuggestedFix) []analysis.SuggestedFix {
	if len(finding) == 0 {
		return handoff
	}
	if len(handoff) == 0 {
		return finding
	}
	first := finding[0]
	edits := slices.Clone(first.TextEdits)
	for _, e := range handoff[0].TextEdits {
		switch {
		case slices.ContainsFunc(first.TextEdits, func(f analysis.TextEdit) bool {
			return f.Pos == e.Pos && f.End == e.End && string(f.NewText) == string(e.NewText)
		}):
		case slices.ContainsFunc(first.TextEdits, func(f analysis.TextEdit) bool { return overlaps(f, e) }):
			return finding
		default:
			edits = append(edits, e)
		}
	}
	first.TextEdits = edits
	return append([]analysis.SuggestedFix{first}, finding[1:]...)
}

// overlaps reports whether two different edits touch the same text, or
// insert at one place.
func overlaps(a, b analysis.TextEdit) bool {
	return a.Pos < b.End && b.Pos < a.End || a.Pos == b.Pos
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
