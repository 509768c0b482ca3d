package analyzer

import (
	"go/types"

	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
)

// flows computes the dataflow of a function on first use and keeps it:
// the result depends only on the function, its parameters that hold a
// request's context, whether its entry is guarded, and whether
// explanations are wanted (which reuse the must-analysis). While
// findRequestParams decides the parameters, it forgets the dataflows of
// the functions whose parameters it changes.
type flows struct {
	env           *guardflow.Env
	analyses      map[flowKey]*guardflow.Analysis
	results       map[resultKey]*guardflow.Result
	requestParams map[*callgraph.Func][]*types.Var
}

type flowKey struct {
	f            *callgraph.Func
	entryGuarded bool
}

type resultKey struct {
	flowKey
	witnesses bool
}

func newFlows(env *guardflow.Env) *flows {
	return &flows{env: env, analyses: make(map[flowKey]*guardflow.Analysis), results: make(map[resultKey]*guardflow.Result)}
}

func (fl *flows) of(f *callgraph.Func, entryGuarded, witnesses bool) *guardflow.Result {
	key := resultKey{flowKey{f, entryGuarded}, witnesses}
	if r, ok := fl.results[key]; ok {
		return r
	}
	fa, ok := fl.analyses[key.flowKey]
	if !ok {
		opts := guardflow.Options{EntryGuarded: entryGuarded, RequestParams: fl.requestParams[f]}
		if f.Parent != nil {
			// What the literal sees of its enclosing function's contexts
			// does not depend on that function's entry.
			opts.Captured = fl.of(f.Parent, false, false).Literals[f.Lit]
		}
		fa = guardflow.NewAnalysis(fl.env, f.FlowFunc(), opts)
		fl.analyses[key.flowKey] = fa
	}
	r := fa.Result(witnesses)
	fl.results[key] = r
	return r
}

// forget drops what was computed of f.
func (fl *flows) forget(f *callgraph.Func) {
	for _, g := range []bool{false, true} {
		delete(fl.analyses, flowKey{f, g})
		for _, w := range []bool{false, true} {
			delete(fl.results, resultKey{flowKey{f, g}, w})
		}
	}
}
