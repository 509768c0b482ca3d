package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
	"github.com/ctxnotify/ctxnotify-lint/internal/refactor"
)

// fixContext chooses the context a fix checks: the function's own context
// parameter (the one named ctx, else the first), else that of the nearest
// enclosing function, else the local context variable declared last; each
// only when it holds a usable context on every path to the call and can be
// named there (a blank or unnamed parameter is named by the fix).
func fixContext(names *lookups, site *callSite, facts *guardflow.CallState) *types.Var {
	pos := site.call.Pos()
	ok := func(v *types.Var) bool {
		usable := false
		for k, w := range facts.Vars {
			if w == v {
				usable = facts.Use[k].Usable()
			}
		}
		if !usable {
			return false
		}
		if v.Name() == "" || v.Name() == "_" {
			return paramOwner(site.fn, v) != nil
		}
		return names.at(site.fn, v.Name(), pos) == v
	}
	for g := site.fn; g != nil; g = g.parent {
		if p := preferredContext(contextParams(g.sig), ok); p != nil {
			return p
		}
	}
	var best *types.Var
	for _, v := range facts.Vars {
		if v.Kind() != types.ParamVar && visibleAt(v, pos) && (best == nil || v.Pos() > best.Pos()) && ok(v) {
			best = v
		}
	}
	return best
}

// preferredContext returns the context parameter a fix uses among a
// function's params, of those ok accepts: the one named ctx, else the
// first; nil when ok accepts none.
func preferredContext(params []*types.Var, ok func(*types.Var) bool) *types.Var {
	for _, p := range params {
		if p.Name() == "ctx" && ok(p) {
			return p
		}
	}
	for _, p := range params {
		if ok(p) {
			return p
		}
	}
	return nil
}

// contextText is how a message writes the context v: its name, or ctx
// where it has none (nil, blank or unnamed: the fix names it).
func contextText(v *types.Var) string {
	if v == nil || v.Name() == "" || v.Name() == "_" {
		return "ctx"
	}
	return v.Name()
}

// paramOwner returns f or the enclosing function that declares the
// parameter v.
func paramOwner(f *funcNode, v *types.Var) *funcNode {
	for g := f; g != nil; g = g.parent {
		params := g.sig.Params()
		for i := range params.Len() {
			if params.At(i) == v {
				return g
			}
		}
	}
	return nil
}

// contextUse is a call site that refers to a context: the context a fix
// checks there, or passes to a helper.
type contextUse struct {
	site *callSite
	ctx  *types.Var
}

// nameBlankParams chooses, for each blank or unnamed context parameter
// that a fix checks or passes, one name free at every call it fixes: ctx,
// else ctx2, ctx3...
func nameBlankParams(names *lookups, uses []contextUse) map[*types.Var]string {
	sites := make(map[*types.Var][]token.Pos)
	owners := make(map[*types.Var]*funcNode)
	var order []*types.Var
	for _, u := range uses {
		v := u.ctx
		if v == nil || v.Name() != "" && v.Name() != "_" {
			continue
		}
		if _, seen := owners[v]; !seen {
			owners[v] = paramOwner(u.site.fn, v)
			order = append(order, v)
		}
		sites[v] = append(sites[v], u.site.call.Pos())
	}
	chosen := make(map[*types.Var]string)
	for _, v := range order {
		owner := owners[v]
		if owner == nil {
			continue
		}
		if name, ok := refactor.FreshName("ctx", func(name string) bool { return freeParamName(names, owner, name, sites[v]) }); ok {
			chosen[v] = name
		}
	}
	return chosen
}

// freeParamName: naming a parameter of f name neither clashes with its
// other parameters, results or receiver, nor hides an outer name f uses,
// and no declaration inside f hides it at any of the positions.
func freeParamName(names *lookups, f *funcNode, name string, at []token.Pos) bool {
	for _, tuple := range []*types.Tuple{f.sig.Params(), f.sig.Results()} {
		for i := range tuple.Len() {
			if tuple.At(i).Name() == name {
				return false
			}
		}
	}
	if f.sig.Recv() != nil && f.sig.Recv().Name() == name {
		return false
	}
	inBody := func(obj types.Object) bool { return f.body.Pos() <= obj.Pos() && obj.Pos() < f.body.End() }
	for _, pos := range at {
		if obj := names.at(f, name, pos); obj != nil && inBody(obj) {
			return false
		}
	}
	free := true
	ast.Inspect(f.body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == name {
			if obj := names.info.Uses[id]; obj != nil && !inBody(obj) {
				free = false
			}
		}
		return free
	})
	return free
}

// paramIndex returns the index of the parameter v of sig, or -1.
func paramIndex(sig *types.Signature, v *types.Var) int {
	params := sig.Params()
	for i := range params.Len() {
		if params.At(i) == v {
			return i
		}
	}
	return -1
}

// funcType is the declared type of a function body: its parameters.
func (f *funcNode) funcType() *ast.FuncType {
	if f.decl != nil {
		return f.decl.Type
	}
	return f.lit.Type
}
