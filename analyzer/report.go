package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"
)

const (
	whyShutdown = "during shutdown it sends a false failure notification"
	fixMessage  = "Skip the event when the context is cancelled"
)

// report emits one diagnostic per unguarded emitting call in code that has
// a usable context, and the bare directives and (-strict) loose checks.
func (a *pass) report(mayEmit map[*funcInfo]bool) {
	defer a.flush()
	for _, file := range a.Files {
		if !a.isTestFile(file) && a.reportsIn(file) {
			a.reportBareDirectives(file)
		}
	}
	for _, f := range a.funcs {
		if !mayEmit[f] || f.guarded || !a.reportsIn(f.file) {
			continue
		}
		for _, site := range f.calls {
			if !a.emitting(site) || a.guardedAt(site) || a.ignored(site) {
				continue
			}
			ctx := a.usableContext(f, site.call.Pos())
			if ctx == nil {
				continue // f is an emitter: its callers are judged
			}
			a.reportSite(site, ctx)
		}
		if a.settings.strict {
			a.reportLooseChecks(f)
		}
	}
}

func (a *pass) reportsIn(file *ast.File) bool {
	return a.settings.generated || !ast.IsGenerated(file)
}

func (a *pass) reportSite(site *callSite, ctx *types.Var) {
	ctxName := ctx.Name()
	if ctxName == "" || ctxName == "_" {
		ctxName = "ctx"
	}
	advice := fmt.Sprintf("check errors.Is(%s.Err(), context.Canceled) first", ctxName)
	var msg string
	steps := a.chain(site)
	switch sink := steps[len(steps)-1]; {
	case len(steps) == 1 && site.deferred():
		msg = fmt.Sprintf("deferred event emitted by %s runs after every cancellation check: %s; emit it from a deferred func that checks errors.Is(%s.Err(), context.Canceled) first", site.name(), whyShutdown, ctxName)
	case len(steps) == 1:
		msg = fmt.Sprintf("event emitted by %s is not guarded against context cancellation: %s; %s", site.name(), whyShutdown, advice)
	case site.deferred():
		msg = fmt.Sprintf("deferred call of %s emits an event (%s at %s) after every cancellation check: %s; emit it from a deferred func that checks errors.Is(%s.Err(), context.Canceled) first", site.name(), sink.Callee, sink.At, whyShutdown, ctxName)
	default:
		msg = fmt.Sprintf("%s emits an event (%s at %s) without a cancellation check: %s; %s", site.name(), sink.Callee, sink.At, whyShutdown, advice)
	}
	a.diagnose(analysis.Diagnostic{
		Pos:            site.call.Pos(),
		End:            site.call.End(),
		Message:        msg,
		Related:        append(a.chainRelated(site), a.partialGuardRelated(site)...),
		SuggestedFixes: a.suggestFix(site, ctx),
	})
}

// chainRelated explains an emitter call: each step down to the sink.
func (a *pass) chainRelated(site *callSite) []analysis.RelatedInformation {
	var out []analysis.RelatedInformation
	for step := site; ; {
		t := a.target(step)
		if a.isSinkCall(step) || t == nil {
			if fact := a.importedEmitter(step); fact != nil && !a.isSinkCall(step) {
				var rest []string
				for _, s := range fact.Steps {
					rest = append(rest, s.Callee+" at "+s.At)
				}
				out = append(out, analysis.RelatedInformation{
					Pos:     step.callee.Pos(),
					Message: fmt.Sprintf("%s emits: it calls %s", step.callee.Name(), strings.Join(rest, ", which calls ")),
				})
			}
			return out
		}
		if t.emits == nil || len(out) >= 32 {
			return out
		}
		out = append(out, analysis.RelatedInformation{
			Pos:     t.emits.call.Pos(),
			End:     t.emits.call.End(),
			Message: fmt.Sprintf("%s emits here, without a usable context or cancellation check", funcName(t)),
		})
		step = t.emits
	}
}

// partialGuardRelated points at the checks meant to guard the call (their
// "cancelled" outcome never reaches it) that some path to it bypasses.
func (a *pass) partialGuardRelated(site *callSite) []analysis.RelatedInformation {
	if site.deferred() {
		return nil
	}
	r := a.flowOf(site.fn)
	b, ok := r.blockOf[site.call]
	if !ok || !r.someGuarded[b.Index] {
		return nil
	}
	var out []analysis.RelatedInformation
	for _, c := range r.checks {
		meant := true
		for _, s := range c.block.Succs {
			if !slices.Contains(c.alive, s) && reaches(s, b) {
				meant = false // the cancelled outcome leads to the call too
			}
		}
		if meant {
			out = append(out, analysis.RelatedInformation{
				Pos:     c.cond.Pos(),
				End:     c.cond.End(),
				Message: "this cancellation check guards some paths to the event, not all of them",
			})
		}
	}
	return out
}

// reaches reports whether block to is reachable from block from.
func reaches(from, to *cfg.Block) bool {
	seen := map[*cfg.Block]bool{from: true}
	for work := []*cfg.Block{from}; len(work) > 0; {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if b == to {
			return true
		}
		for _, s := range b.Succs {
			if !seen[s] {
				seen[s] = true
				work = append(work, s)
			}
		}
	}
	return false
}

// reportLooseChecks (-strict) reports checks that also suppress
// context.DeadlineExceeded: a timeout is a real failure and must notify.
func (a *pass) reportLooseChecks(f *funcInfo) {
	for _, c := range a.flowOf(f).checks {
		for _, atom := range c.atoms {
			if atom.specific {
				continue
			}
			ctxName := "ctx"
			if atom.ctx != nil && atom.ctx.Name() != "" && atom.ctx.Name() != "_" {
				ctxName = atom.ctx.Name()
			}
			a.diagnosef(c.cond.Pos(), "this check also skips events when the context times out (context.DeadlineExceeded), which is a real failure; test errors.Is(%s.Err(), context.Canceled) instead", ctxName)
			break
		}
	}
}

// diagnose queues a diagnostic; flush reports the queue in source order.
func (a *pass) diagnose(d analysis.Diagnostic) { a.diags = append(a.diags, d) }

func (a *pass) diagnosef(pos token.Pos, format string, args ...any) {
	a.diagnose(analysis.Diagnostic{Pos: pos, Message: fmt.Sprintf(format, args...)})
}

func (a *pass) flush() {
	// By file name, then offset: token.Pos order follows the order in which
	// the driver happened to read the files.
	sort.SliceStable(a.diags, func(i, j int) bool {
		pi, pj := a.Fset.Position(a.diags[i].Pos), a.Fset.Position(a.diags[j].Pos)
		if pi.Filename != pj.Filename {
			return pi.Filename < pj.Filename
		}
		return pi.Offset < pj.Offset
	})
	for _, d := range a.diags {
		a.Report(d)
	}
	a.diags = nil
}

func funcName(f *funcInfo) string {
	if f.obj != nil {
		return f.obj.Name()
	}
	return "func literal"
}
