package analyzer

import (
	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
	"github.com/ctxnotify/ctxnotify-lint/internal/fixplan"
)

// Categories of the diagnostics, for tooling and for a driver that
// describes a fix to the reviewers of its change: what the event a
// finding skips is, calls that hand a cancelled context on, and the
// diagnostics that are no finding of an event. The command's
// documentation ("JSON output") lists them as a contract.
const (
	CategoryWarning      = "warning"      // a Warning event: a false alarm at shutdown
	CategoryNormal       = "normal"       // a Normal event about a reconciliation shutdown cut short
	CategoryNormalSaved  = "normal-saved" // ... whose function saves the status under a context shutdown does not cancel
	CategoryNotification = "notification" // an event whose type is not known
	CategoryHandoff      = "handoff"      // a call that hands a cancelled context to a check
	CategoryLooseCheck   = "loose-check"  // strict: a check that also skips timeouts
	CategoryDirective    = "directive"    // an ignore directive without a reason
)

// category classifies a finding by its event's type; a Normal event whose
// function saves the status where shutdown does not reach is apart: the
// success is recorded, and only its event is skipped.
func category(em *emitters, f *fixplan.Finding, saved func(*callgraph.Func) bool) string {
	_, t := em.emission(f.Site)
	switch t.class() {
	case warningEvent:
		return CategoryWarning
	case normalEvent:
		if saved(f.Site.Fn.Outermost()) {
			return CategoryNormalSaved
		}
		return CategoryNormal
	}
	return CategoryNotification
}
