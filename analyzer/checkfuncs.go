package analyzer

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
)

// checkFuncs tells which functions' calls are cancellation checks: the
// guard functions of this package (found by findCheckFuncs), of imported
// packages (facts), and -guards.
type checkFuncs struct {
	pkg        *types.Package
	importFact importFact
	local      map[*types.Func]guardFact
	configured map[string]bool // name -> true means "result true: not cancelled"
}

func (c checkFuncs) of(fn *types.Func) (guardFact, bool) {
	if f, ok := c.local[fn]; ok {
		return f, true
	}
	if len(c.configured) > 0 {
		if notCanceled, ok := c.configured[qualifiedName(fn)]; ok {
			return configuredGuard(fn, notCanceled)
		}
	}
	if fn.Pkg() != nil && fn.Pkg() != c.pkg {
		var f guardFact
		if c.importFact(fn, &f) {
			return f, true
		}
	}
	return guardFact{}, false
}

// findCheckFuncs finds the package's guard functions: a function with a
// context parameter and a bool result is one when, by the flow analysis of
// its body, its true and false results each tell something of the
// context's state, and one of them rules out cancellation. Since a guard
// may call another (return !shuttingDown(ctx)), it repeats until nothing
// changes, each round with an environment that knows the guards found so
// far (an environment classifies each callee once).
func findCheckFuncs(m *callgraph.Model, configured map[string]bool, imp importFact, fw forwarders, nr *noReturns, rn *runners) checkFuncs {
	found := checkFuncs{pkg: m.Pkg, importFact: imp, local: make(map[*types.Func]guardFact), configured: configured}
	candidates := guardCandidates(m)
	if len(candidates) == 0 || !importsPath(m.Pkg, "context") {
		return found
	}
	escaping := callgraph.EscapingIn(m.Info, candidates)
	for changed := true; changed; {
		changed = false
		env := guardflow.NewEnv(m.Info, m.Pkg, functions{forwarders: fw, checks: found, runners: rn}, nr.mayReturn, escaping)
		for _, d := range candidates {
			fact, ok := guardSummary(m.Info, env, d)
			if old, had := found.local[d.Obj]; ok && (!had || old != fact) {
				found.local[d.Obj] = fact
				changed = true
			}
		}
	}
	return found
}

// export exports a fact for each of the package's guard functions.
func (c checkFuncs) export(export func(types.Object, analysis.Fact), m *callgraph.Model) {
	for _, d := range m.Decls {
		if fact, ok := c.local[d.Obj]; ok {
			export(d.Obj, &fact)
		}
	}
}

// guardCandidates returns the package's functions with a context parameter
// and a single bool result.
func guardCandidates(m *callgraph.Model) []callgraph.Decl {
	var out []callgraph.Decl
	for _, d := range m.Decls {
		sig := d.Obj.Signature()
		res := sig.Results()
		if res.Len() == 1 && types.Identical(res.At(0).Type(), types.Typ[types.Bool]) && len(callgraph.ContextParams(sig)) > 0 {
			out = append(out, d)
		}
	}
	return out
}

// guardSummary decides whether f is a guard function, and which of its
// context parameters it checks: the one its body uses (the first when it
// uses several).
func guardSummary(info *types.Info, env *guardflow.Env, d callgraph.Decl) (guardFact, bool) {
	sig := d.Obj.Signature()
	res := guardflow.Analyze(env, guardflow.Func{Body: d.Decl.Body, Sig: sig}, guardflow.Options{SummarizeReturns: true})
	o := res.Returns
	if !res.ReturnsKnown || !o.IsCheck() {
		return guardFact{}, false
	}
	params := sig.Params()
	param := -1
	ast.Inspect(d.Decl.Body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && param < 0 {
			for i := range params.Len() {
				if info.Uses[id] == params.At(i) && guardflow.IsContext(params.At(i).Type()) {
					param = i
				}
			}
		}
		return param < 0
	})
	if param < 0 {
		return guardFact{}, false
	}
	return guardFact{Param: param, IfTrue: o.IfTrue, IfFalse: o.IfFalse}, true
}

// configuredGuard is the fact of a -guards function: its first context
// parameter, true meaning cancelled (or not cancelled, with "!").
func configuredGuard(fn *types.Func, notCanceled bool) (guardFact, bool) {
	params := fn.Signature().Params()
	for i := range params.Len() {
		if guardflow.IsContext(params.At(i).Type()) {
			f := guardFact{Param: i, IfTrue: guardflow.Canceled, IfFalse: guardflow.Live | guardflow.TimedOut}
			if notCanceled {
				f.IfTrue, f.IfFalse = f.IfFalse, f.IfTrue
			}
			return f, true
		}
	}
	return guardFact{}, false
}

// functions is what the dataflow asks of called functions: errors.Is and
// its forwarders, guard functions, and error tests (errtests.go).
type functions struct {
	forwarders forwarders
	checks     checkFuncs
	runners    *runners
	errTests   errorTests
}

func (fns functions) Runs(fn *types.Func, param int) bool { return fns.runners.runs(fn, param) }

func (fns functions) IsErrorsIs(fn *types.Func) bool { return fns.forwarders.IsErrorsIs(fn) }

func (fns functions) Guard(fn *types.Func) (guardflow.Guard, bool) {
	f, ok := fns.checks.of(fn)
	return guardflow.Guard(f), ok
}
