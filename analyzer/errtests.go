package analyzer

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
)

// errorTests tells which functions test an error against context.Canceled
// (isCanceledError(err), unwrapping it and comparing): those of this
// package (found by findErrorTests) and of imported packages (facts). A
// call of one is no check, as errors.Is(err, context.Canceled) is none;
// the message of a finding whose path passes one says why.
type errorTests struct {
	pkg        *types.Package
	importFact importFact
	local      map[*types.Func]errorTestFact
}

func (e errorTests) of(fn *types.Func) (errorTestFact, bool) {
	if f, ok := e.local[fn]; ok {
		return f, true
	}
	var f errorTestFact
	if fn.Pkg() != nil && fn.Pkg() != e.pkg && e.importFact != nil && e.importFact(fn, &f) {
		return f, true
	}
	return errorTestFact{}, false
}

// ErrorTest is what the dataflow asks of a called function
// (guardflow.ErrorTests).
func (fns functions) ErrorTest(fn *types.Func) (guardflow.ErrorTest, bool) {
	f, ok := fns.errTests.of(fn)
	return guardflow.ErrorTest(f), ok
}

// findErrorTests finds the package's error test functions, as
// findCheckFuncs finds guard functions: a function with an error
// parameter and a bool result is one when, by the flow analysis of its
// body with its tests of an error against context.Canceled taken as
// checks, a true or a false result tells something of cancellation.
// Only functions whose body names context.Canceled, or calls an error
// test of another package or a candidate of this one, are analysed; it
// repeats until nothing changes, since one may call another.
func findErrorTests(m *callgraph.Model, imp importFact, fw forwarders, checks checkFuncs, nr *noReturns, rn *runners) errorTests {
	found := errorTests{pkg: m.Pkg, importFact: imp, local: make(map[*types.Func]errorTestFact)}
	candidates := errorTestCandidates(m, found)
	if len(candidates) == 0 {
		return found
	}
	for changed := true; changed; {
		changed = false
		env := guardflow.NewEnv(m.Info, m.Pkg, functions{forwarders: fw, checks: checks, runners: rn, errTests: found}, nr.mayReturn, nil)
		for _, c := range candidates {
			res := guardflow.Analyze(env, guardflow.Func{Body: c.Decl.Decl.Body, Sig: c.Obj.Signature()},
				guardflow.Options{SummarizeReturns: true, ErrorTestsAsChecks: true})
			if !res.ReturnsKnown || !res.Returns.TellsCancellation() {
				continue
			}
			fact := errorTestFact{Param: c.param, IfTrue: res.Returns.IfTrue, IfFalse: res.Returns.IfFalse}
			if old, had := found.local[c.Obj]; !had || old != fact {
				found.local[c.Obj] = fact
				changed = true
			}
		}
	}
	return found
}

// errorTestCandidate is a function that may be an error test: its
// declaration and its first error parameter.
type errorTestCandidate struct {
	callgraph.Decl
	param int
}

// errorTestCandidates returns the package's functions with an error
// parameter and a single bool result, no context parameter (a guard
// function's test of its context is a check), whose body names
// context.Canceled or calls an error test of another package, or
// another such function of this one.
func errorTestCandidates(m *callgraph.Model, imported errorTests) []errorTestCandidate {
	shaped := make(map[*types.Func]errorTestCandidate)
	for _, d := range m.Decls {
		sig := d.Obj.Signature()
		res, params := sig.Results(), sig.Params()
		if d.Decl.Body == nil || res.Len() != 1 || !types.Identical(res.At(0).Type(), types.Typ[types.Bool]) || len(callgraph.ContextParams(sig)) > 0 {
			continue
		}
		for i := range params.Len() {
			if guardflow.IsError(params.At(i).Type()) {
				shaped[d.Obj] = errorTestCandidate{d, i}
				break
			}
		}
	}
	var out []errorTestCandidate
	for _, d := range m.Decls {
		c, ok := shaped[d.Obj]
		if !ok {
			continue
		}
		tests := false
		ast.Inspect(d.Decl.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				if v, ok := m.Info.Uses[n].(*types.Var); ok && v.Name() == "Canceled" && v.Pkg() != nil && v.Pkg().Path() == "context" {
					tests = true
				}
			case *ast.CallExpr:
				if fn := calleeFunc(m.Info, n); fn != nil && fn != d.Obj {
					_, local := shaped[fn]
					_, imp := imported.of(fn)
					tests = tests || local || imp
				}
			}
			return !tests
		})
		if tests {
			out = append(out, c)
		}
	}
	return out
}

// export exports a fact for each of the package's error test functions.
func (e errorTests) export(export func(types.Object, analysis.Fact), m *callgraph.Model) {
	for _, d := range m.Decls {
		if fact, ok := e.local[d.Obj]; ok {
			export(d.Obj, &fact)
		}
	}
}

// errorTestFact marks an error test function: what its boolean result
// would tell of a context whose error it were given as its parameter
// number Param.
type errorTestFact guardflow.ErrorTest

func (*errorTestFact) AFact() {}

func (f *errorTestFact) String() string {
	return fmt.Sprintf("errorTest(param=%d, true=%v, false=%v)", f.Param, f.IfTrue, f.IfFalse)
}
