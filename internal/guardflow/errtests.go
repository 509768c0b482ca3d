package guardflow

import (
	"go/ast"
	"go/types"
)

// ErrorTests is what a [Functions] may also tell: which functions test an
// error against context.Canceled (isCanceledError(err), which unwraps the
// error and compares it). A call of one on an error that is not a
// context's is a test of another error, as errors.Is(err,
// context.Canceled) is: no check, and the explanation of a finding whose
// path passes it names it.
type ErrorTests interface {
	ErrorTest(fn *types.Func) (ErrorTest, bool)
}

// ErrorTest is what an error test function's boolean result would tell
// of the state of a context whose error it were given as its parameter
// number Param: the same analysis as a guard function's, with its tests
// of an error against context.Canceled taken as checks
// (Options.ErrorTestsAsChecks).
type ErrorTest struct {
	Param   int    // index of the tested error parameter
	IfTrue  States // the states when the result is true
	IfFalse States // ... and when it is false
}

// TellsCancellation reports whether one outcome of a function summarized
// with Options.ErrorTestsAsChecks would tell something of cancellation:
// the shape of an error test (its other outcome may tell nothing, as in a
// loop that unwraps the error: "false" may come before any comparison).
func (o Outcomes) TellsCancellation() bool {
	return o.IfTrue != o.IfFalse && (o.IfTrue.informative() || o.IfFalse.informative())
}

// errorTestCall is the value of a call of an error test function: a test
// of another error, unless the error it is handed is a usable context's
// (isCanceledError(ctx.Err())), which is neither a test of another error
// nor, by the rule, a check.
func (ev *evaluator) errorTestCall(call *ast.CallExpr, t ErrorTest) value {
	if t.Param >= len(call.Args) || ev.peek(call.Args[t.Param]).kind == isContextErr {
		return value{}
	}
	return value{errTest: true, out: Outcomes{t.IfTrue, t.IfFalse}}
}
