package analyzer

import (
	"fmt"
	"go/ast"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
	"github.com/ctxnotify/ctxnotify-lint/internal/fixplan"
)

// looseChecks (-strict) reports the checks, in functions that may emit,
// whose "not cancelled" outcome also rules out a timeout (ctx.Err() !=
// nil): a timeout is a real failure and must notify. One diagnostic per
// condition.
func looseChecks(idx *callgraph.Graph, states callStates, candidates map[*callgraph.Func]bool, reported func(*ast.File) bool) []analysis.Diagnostic {
	var out []analysis.Diagnostic
	for _, f := range idx.Funcs {
		if !candidates[f] || !reported(f.File) {
			continue
		}
		seen := make(map[ast.Expr]bool)
		for _, c := range states.fl.of(f, states.startsGuarded(f), false).Checks {
			if !c.Out.Loose() || seen[c.Cond] {
				continue
			}
			seen[c.Cond] = true
			out = append(out, analysis.Diagnostic{
				Pos:      c.Cond.Pos(),
				Category: CategoryLooseCheck,
				Message: fmt.Sprintf("this check also skips events when the context times out (context.DeadlineExceeded), which is a real failure; test %s instead",
					fixplan.CheckText(checkedContextName(idx, c.Atom))),
			})
		}
	}
	return out
}

// checkedContextName names the context a check tests: the first context
// variable in it, else ctx.
func checkedContextName(idx *callgraph.Graph, atom ast.Expr) string {
	return fixplan.ContextText(checkedVar(idx, atom))
}
