package analyzer

import (
	"go/ast"
	"go/types"
)

// guardOf tells whether fn is a guard function: one whose boolean result
// is a cancellation check of a context parameter. Guards come from this
// package, from facts of imported packages, and from -guards.
func (a *pass) guardOf(fn *types.Func) (guardFact, bool) {
	if g, ok := a.guards[fn]; ok {
		return g, true
	}
	if inverse, ok := a.settings.guards[qualifiedName(fn)]; ok {
		for i := range fn.Signature().Params().Len() {
			if isContextType(fn.Signature().Params().At(i).Type()) {
				return guardFact{Param: i, TrueAlive: inverse, Specific: true}, true
			}
		}
		return guardFact{}, false
	}
	if fn.Pkg() != a.Pkg {
		var g guardFact
		if a.ImportObjectFact(fn, &g) {
			return g, true
		}
	}
	return guardFact{}, false
}

// findGuards finds the package's guard functions, repeating until no new
// one appears, since a guard may call another (return !shuttingDown(ctx)).
func (a *pass) findGuards() {
	var candidates []*funcInfo
	for _, file := range a.Files {
		if a.isTestFile(file) {
			continue
		}
		for _, d := range file.Decls {
			if f := a.guardShaped(d); f != nil {
				candidates = append(candidates, f)
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, f := range candidates {
			if _, done := a.guards[f.obj]; done {
				continue
			}
			if g, ok := a.guardBody(f); ok {
				a.guards[f.obj] = g
				changed = true
			}
		}
	}
	for _, f := range candidates {
		if g, ok := a.guards[f.obj]; ok {
			a.ExportObjectFact(f.obj, &g)
		}
	}
}

// guardShaped returns a function declaration that may be a guard: one
// bool result, a context parameter, a single return statement.
func (a *pass) guardShaped(d ast.Decl) *funcInfo {
	decl, ok := d.(*ast.FuncDecl)
	if !ok || decl.Body == nil || len(decl.Body.List) != 1 {
		return nil
	}
	ret, ok := decl.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil
	}
	obj, ok := a.TypesInfo.Defs[decl.Name].(*types.Func)
	if !ok {
		return nil
	}
	f := &funcInfo{decl: decl, obj: obj, sig: obj.Signature(), body: decl.Body}
	res := f.sig.Results()
	if res.Len() != 1 || !types.Identical(res.At(0).Type(), types.Typ[types.Bool]) || len(contextParams(f)) == 0 {
		return nil
	}
	return f
}

// guardBody reports whether f's result is a check of one of its context
// parameters.
func (a *pass) guardBody(f *funcInfo) (guardFact, bool) {
	ret := f.body.List[0].(*ast.ReturnStmt)
	c, ok := a.checkOf(ret.Results[0])
	if !ok || c.ctx == nil {
		return guardFact{}, false
	}
	params := f.sig.Params()
	for i := range params.Len() {
		if params.At(i) == c.ctx {
			return guardFact{Param: i, TrueAlive: c.trueAlive, Specific: c.specific}, true
		}
	}
	return guardFact{}, false
}
