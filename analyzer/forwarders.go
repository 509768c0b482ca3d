package analyzer

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
	"github.com/ctxnotify/ctxnotify-lint/internal/syntax"
)

// knownForwarders are errors.Is forwarders of other modules, known here so
// that the standalone command (which does not analyse dependencies) knows
// them too.
var knownForwarders = map[string]bool{
	"github.com/pkg/errors.Is":       true,
	"golang.org/x/xerrors.Is":        true,
	"emperror.dev/errors.Is":         true,
	"github.com/go-errors/errors.Is": true,
}

// forwarders tells which functions forward to errors.Is: the known ones,
// those of this package, and those of imported packages (facts).
type forwarders struct {
	pkg        *types.Package
	importFact importFact
	local      map[*types.Func]bool
}

func (fw forwarders) has(fn *types.Func) bool {
	switch {
	case fw.local[fn], fn.Name() == "Is" && knownForwarders[qualifiedName(fn)]:
		return true
	case fn.Pkg() != nil && fn.Pkg() != fw.pkg:
		return fw.importFact(fn, new(forwarderFact))
	}
	return false
}

// findForwarders finds the package's functions whose body is
// "return errors.Is(err, target)" of their two error parameters, in
// order (or of another forwarder).
func findForwarders(m *callgraph.Model, imp importFact) forwarders {
	fw := forwarders{pkg: m.Pkg, importFact: imp, local: make(map[*types.Func]bool)}
	var candidates []*types.Func
	bodies := make(map[*types.Func]*ast.ReturnStmt)
	for _, d := range m.Decls {
		if ret := forwarderShaped(d); ret != nil {
			candidates = append(candidates, d.Obj)
			bodies[d.Obj] = ret
		}
	}
	// A forwarder may forward to another: repeat until nothing changes.
	for changed := true; changed; {
		changed = false
		for _, fn := range candidates {
			if !fw.local[fn] && forwardsParams(m.Info, fw, fn, bodies[fn]) {
				fw.local[fn] = true
				changed = true
			}
		}
	}
	return fw
}

// export exports a fact for each of the package's forwarders.
func (fw forwarders) export(export func(types.Object, analysis.Fact), m *callgraph.Model) {
	for _, d := range m.Decls {
		if fw.local[d.Obj] {
			export(d.Obj, new(forwarderFact))
		}
	}
}

// forwarderShaped returns the return statement of a function declared as
// func(error, error) bool whose body is that single statement.
func forwarderShaped(d callgraph.Decl) *ast.ReturnStmt {
	if len(d.Decl.Body.List) != 1 || d.Decl.Recv != nil {
		return nil
	}
	ret, ok := d.Decl.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil
	}
	sig := d.Obj.Signature()
	if sig.Params().Len() != 2 || sig.Results().Len() != 1 ||
		!guardflow.IsError(sig.Params().At(0).Type()) || !guardflow.IsError(sig.Params().At(1).Type()) ||
		!types.Identical(sig.Results().At(0).Type(), types.Typ[types.Bool]) {
		return nil
	}
	return ret
}

// forwardsParams reports whether ret returns errors.Is (or a forwarder)
// of fn's parameters, in order.
func forwardsParams(info *types.Info, fw forwarders, fn *types.Func, ret *ast.ReturnStmt) bool {
	call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr)
	if !ok || len(call.Args) != 2 {
		return false
	}
	callee := calleeFunc(info, call)
	if callee == nil || callee == fn || !fw.IsErrorsIs(callee) {
		return false
	}
	params := fn.Signature().Params()
	for i, arg := range call.Args {
		id := syntax.Ident(arg)
		if id == nil || info.Uses[id] != params.At(i) {
			return false
		}
	}
	return true
}

// isErrorsIs reports whether fn is errors.Is or a function known to
// forward to it.
func (fw forwarders) IsErrorsIs(fn *types.Func) bool {
	if fn.Pkg() != nil && fn.Pkg().Path() == "errors" && fn.Name() == "Is" {
		return true
	}
	return fw.has(fn)
}

// calleeFunc returns the declared function or method a call calls, if it
// is statically known.
func calleeFunc(info *types.Info, call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn != nil {
		fn = fn.Origin()
	}
	return fn
}
