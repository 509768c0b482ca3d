package guardflow

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// Functions tells the dataflow what the package's policy knows of called
// functions: which are errors.Is or forward to it, which are guard
// functions, and which run a function parameter only before they return.
type Functions interface {
	IsErrorsIs(fn *types.Func) bool
	Guard(fn *types.Func) (Guard, bool)
	Runs(fn *types.Func, param int) bool
}

// Guard is what a guard function's boolean result tells of the state of
// its context parameter number Param.
type Guard struct {
	Param   int    // index of the checked context parameter
	IfTrue  States // the states the context may be in when the result is true
	IfFalse States // ... and when it is false
}

// callees classifies each function the package calls once: a function of
// package context, errors.Is or a forwarder, a guard function, or another.
// The dataflow asks at every call, on every pass over a block.
type callees struct {
	fns    Functions
	memo   map[*types.Func]calleeClass
	errs   map[*types.Signature]bool // signatures with an error result
	shapes map[*ast.CallExpr]*callShape
}

// callShape is what the types say of one call, worked out once: the
// dataflow evaluates each call on every pass over its block.
type callShape struct {
	conversion    bool
	callee        calleeClass
	contextArgs   uint64 // bit i: argument i is a context (the first 64)
	resultContext bool   // its (first) result is a context
	returnsError  bool
	contextErr    bool // ctx.Err() or context.Cause(ctx)

	// The operands the evaluator skips (unread): bit i of skipArgs,
	// argument i (the first 64); skipRecv, the receiver of a method.
	skipArgs uint64
	skipRecv bool
}

type calleeKind uint8

const (
	otherCallee calleeKind = iota
	contextCallee
	errorsIsCallee
	guardCallee
	requestCallee   // (*net/http.Request).Context
	errorTestCallee // a function that tests an error against context.Canceled
)

type calleeClass struct {
	kind    calleeKind
	name    string    // contextCallee: the function's name
	guard   Guard     // guardCallee
	errTest ErrorTest // errorTestCallee
}

func newCallees(fns Functions) *callees {
	return &callees{
		fns:    fns,
		memo:   make(map[*types.Func]calleeClass),
		errs:   make(map[*types.Signature]bool),
		shapes: make(map[*ast.CallExpr]*callShape),
	}
}

// shape returns what the types say of a call.
func (env *Env) shape(call *ast.CallExpr) *callShape {
	c, info := env.callees, env.info
	if sh, ok := c.shapes[call]; ok {
		return sh
	}
	sh := new(callShape)
	c.shapes[call] = sh
	if env.recorded(call.Fun)&typeExpr != 0 {
		sh.conversion = true
		return sh
	}
	sh.callee = c.of(info, call)
	for i, a := range call.Args {
		if i < 64 && env.typeOf(a)&contextType != 0 {
			sh.contextArgs |= 1 << i
		}
	}
	sh.resultContext = env.recorded(call)&contextResult != 0
	if sig, ok := SignatureOf(info, call.Fun); ok {
		sh.returnsError = c.returnsError(sig)
	}
	if sh.callee.kind == contextCallee {
		_, sh.contextErr = contextErrArg(call, sh.callee.name)
	}
	sh.skipRecv, sh.skipArgs = unread(call, sh)
	return sh
}

// unread tells which operands of a call the evaluator may skip: those
// whose value the call does not read and whose evaluation changes nothing
// (inert). A call reads its context arguments; a function of package
// context its receiver and first argument; errors.Is its first argument;
// a guard function the parameter it checks. Most operands are neither
// (r.recorder in r.recorder.Event(obj, "Normal", reason, msg), and all of
// its arguments), and each evaluation of them asked the types again.
func unread(call *ast.CallExpr, sh *callShape) (recv bool, args uint64) {
	k := sh.callee
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		recv = k.kind != contextCallee && inert(sel.X)
	}
	for i, a := range call.Args {
		if i == 64 {
			break
		}
		read := sh.contextArgs&(1<<i) != 0 ||
			i == 0 && (k.kind == contextCallee || k.kind == errorsIsCallee) ||
			k.kind == guardCallee && i == k.guard.Param
		if !read && inert(a) {
			args |= 1 << i
		}
	}
	return recv, args
}

// inert reports whether evaluating e changes nothing: it is made of
// names, literals, selectors, indexes and operators other than && || !
// (whose outcomes the evaluator follows apart), and makes no call.
// Anything else counts as not inert.
func inert(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident, *ast.BasicLit:
		return true
	case *ast.ParenExpr:
		return inert(e.X)
	case *ast.SelectorExpr:
		return inert(e.X)
	case *ast.StarExpr:
		return inert(e.X)
	case *ast.UnaryExpr:
		return e.Op != token.NOT && inert(e.X)
	case *ast.BinaryExpr:
		return e.Op != token.LAND && e.Op != token.LOR && inert(e.X) && inert(e.Y)
	case *ast.IndexExpr:
		return inert(e.X) && inert(e.Index)
	case *ast.KeyValueExpr:
		return inert(e.Key) && inert(e.Value)
	case *ast.CompositeLit:
		for _, elt := range e.Elts {
			if !inert(elt) {
				return false
			}
		}
		return true
	}
	return false
}

// of classifies the function a call calls, when it is statically known.
func (c *callees) of(info *types.Info, call *ast.CallExpr) calleeClass {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok {
		return calleeClass{}
	}
	fn = fn.Origin()
	if k, ok := c.memo[fn]; ok {
		return k
	}
	var k calleeClass
	switch {
	case fn.Pkg() != nil && fn.Pkg().Path() == "context":
		k = calleeClass{kind: contextCallee, name: fn.Name()}
	case IsRequestContext(fn):
		k = calleeClass{kind: requestCallee}
	case c.fns.IsErrorsIs(fn):
		k = calleeClass{kind: errorsIsCallee}
	default:
		if g, ok := c.fns.Guard(fn); ok {
			k = calleeClass{kind: guardCallee, guard: g}
		} else if et, ok := c.fns.(ErrorTests); ok {
			if t, ok := et.ErrorTest(fn); ok {
				k = calleeClass{kind: errorTestCallee, errTest: t}
			}
		}
	}
	c.memo[fn] = k
	return k
}

// returnsError reports whether one of a signature's results is an error.
func (c *callees) returnsError(sig *types.Signature) bool {
	v, ok := c.errs[sig]
	if !ok {
		v = ReturnsError(sig)
		c.errs[sig] = v
	}
	return v
}
