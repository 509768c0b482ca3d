package analyzer

import (
	"fmt"
	"go/ast"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
	"github.com/ctxnotify/ctxnotify-lint/internal/fixplan"
)

// whyRelated explains, from the witness path the flow analysis kept, why
// the checks on the way do not guard the call: a check that went stale
// (and the call that made it so), a check that covers only some paths, a
// test of another error that is no check.
func whyRelated(idx *callgraph.Graph, f *fixplan.Finding) []analysis.RelatedInformation {
	if f.Site.Deferred() {
		return nil
	}
	why := f.State.Why
	var out []analysis.RelatedInformation
	switch {
	case why.StaleAt != nil:
		call := staleCallText(idx.Info, why.StaleAt)
		if why.Check != nil {
			out = append(out, related(why.Check, fmt.Sprintf("this cancellation check no longer covers the event: %s (line %s) runs after it", call, lineOf(idx, why.StaleAt))))
		}
		out = append(out, related(why.StaleAt, fmt.Sprintf("%s can fail with context canceled after the check: during shutdown, that failure is what the event reports", call)))
	case why.Check != nil && !why.Meets:
		out = append(out, related(why.Check, "this cancellation check guards some paths to the event, not all of them"))
	}
	if why.ErrTest != nil {
		out = append(out, related(why.ErrTest, "this tests the error of another call, which need not wrap the context's error: it is no cancellation check"))
	}
	return out
}

func related(n ast.Node, msg string) analysis.RelatedInformation {
	return analysis.RelatedInformation{Pos: n.Pos(), End: n.End(), Message: msg}
}

// handoffRelated points at the derivation whose context a handoff hands
// on.
func handoffRelated(idx *callgraph.Graph, h *handoff) []analysis.RelatedInformation {
	if h.Derivation == nil {
		return []analysis.RelatedInformation{related(h.later.Lit, "the function literal that may run after its function returns")}
	}
	return []analysis.RelatedInformation{related(h.Derivation.Call, fmt.Sprintf("%s derives the context here; the code cancels it before the call at line %s", derivationText(h.Derivation), lineOf(idx, h.Site.Call)))}
}
