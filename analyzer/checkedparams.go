package analyzer

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
	"github.com/ctxnotify/ctxnotify-lint/internal/fixplan"
	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
)

// A call that hands a context the code has cancelled to a function that
// checks that parameter before its events makes the check drop every
// event. The functions that check a context parameter before their
// events: one whose emitting calls a check written on the parameter
// guards; one in which a fix inserts a check on it (at a sink, or passing
// it to a helper fixed at its depth); one that passes the parameter on,
// unchanged, to a function that checks it. Across packages through a fact.

// checkKind is how a parameter is checked.
type checkKind uint8

const (
	notChecked       checkKind = iota
	checkedHere                // a check written in the function
	checkedByFinding           // the check a finding's fix would insert, offered or not
	checkedOn                  // passed on to a function that checks it
)

// checkedParams are the context parameters checked before events, with
// the parameters each is passed on to (on: which are checked).
type checkedParams struct {
	kind       map[callgraph.Param]checkKind
	byFinding  map[callgraph.Param]bool              // the parameters a finding's fix would check, offered or not, whatever else checks them
	on         map[callgraph.Param][]callgraph.Param // a parameter -> the checked ones it is passed on to
	importFact func(*types.Package, analysis.Fact) bool
	imported   map[*types.Package]*checkedFact
}

// checkedFact lists the exported functions and methods of a package that
// check context parameters before their events ("Func" or
// "Type.Method"), with those parameters' indexes. It is a package fact: a
// package without them has none, and most functions of a package that
// has them do not.
type checkedFact struct{ Funcs []checkedFunc } // sorted by name: a fact's encoding is deterministic

// checkedFunc is a function's checked parameters: by a check in its code
// (written there or where it passes them on), or by the check a fix
// inserts.
type checkedFunc struct {
	Name        string
	Here, ByFix []int
}

func (*checkedFact) AFact() {}

func (f *checkedFact) String() string {
	var names []string
	for _, fn := range f.Funcs {
		var params []string
		for _, i := range fn.Here {
			params = append(params, fmt.Sprint(i))
		}
		for _, i := range fn.ByFix {
			params = append(params, fmt.Sprint("fix ", i))
		}
		names = append(names, fn.Name+"["+strings.Join(params, " ")+"]")
	}
	return "checks(" + strings.Join(names, " ") + ")"
}

// kind returns how the parameter k of the function named name is checked.
func (f *checkedFact) kind(name string, k int) checkKind {
	i, ok := slices.BinarySearchFunc(f.Funcs, name, func(fn checkedFunc, name string) int { return strings.Compare(fn.Name, name) })
	switch {
	case !ok:
		return notChecked
	case slices.Contains(f.Funcs[i].Here, k):
		return checkedHere
	case slices.Contains(f.Funcs[i].ByFix, k):
		return checkedByFinding
	}
	return notChecked
}

// of returns how the parameter k of fn, a function of this package or
// another, is checked.
func (c *checkedParams) of(fn *types.Func, k int) checkKind {
	if kind, ok := c.kind[callgraph.Param{Fn: fn, Index: k}]; ok {
		return kind
	}
	if fn.Pkg() == nil {
		return notChecked
	}
	f, ok := c.imported[fn.Pkg()]
	if !ok {
		if fact := new(checkedFact); c.importFact(fn.Pkg(), fact) {
			f = fact
		}
		c.imported[fn.Pkg()] = f
	}
	if f == nil {
		return notChecked
	}
	return f.kind(methodText(fn), k)
}

// findCheckedParams finds the checked parameters: written checks, the
// checks the fixes insert (a finding's check on a parameter, a helper
// group's caller passing one), then, to a fixpoint, the parameters passed
// on to checked ones.
func findCheckedParams(idx *callgraph.Graph, j *judge, em *emitters, findings []*fixplan.Finding, groups map[*callgraph.Func]*fixplan.HelperGroup, ch *fixplan.Chooser, imp func(*types.Package, analysis.Fact) bool) *checkedParams {
	c := &checkedParams{kind: make(map[callgraph.Param]checkKind), byFinding: make(map[callgraph.Param]bool), on: make(map[callgraph.Param][]callgraph.Param), importFact: imp, imported: make(map[*types.Package]*checkedFact)}
	var work []callgraph.Param
	mark := func(r callgraph.Param, kind checkKind) {
		if _, ok := c.kind[r]; !ok {
			c.kind[r] = kind
			work = append(work, r)
		}
	}
	for _, f := range idx.Funcs {
		if f.Obj == nil || f.Iface {
			continue
		}
		for _, r := range writtenChecks(idx, j, em, ch, f) {
			mark(r, checkedHere)
		}
	}
	byFinding := func(site *callgraph.Site, v *types.Var) {
		for _, r := range ch.ParamSources(site, v) {
			mark(r, checkedByFinding)
			c.byFinding[r] = true
		}
	}
	for _, f := range findings {
		if f.Check.Later == nil {
			byFinding(f.Site, f.Check.Var)
		}
	}
	for _, g := range fixplan.UniqueGroups(idx, groups) {
		for _, u := range g.Callers {
			byFinding(u.Site, u.Ctx.Var)
		}
	}
	for len(work) > 0 {
		r := work[len(work)-1]
		work = work[:len(work)-1]
		t := idx.Decls[r.Fn]
		if t == nil {
			continue
		}
		for _, site := range idx.Callers[t] {
			for _, p := range passedParams(idx, ch, site, r.Index) {
				c.on[p] = append(c.on[p], r)
				mark(p, checkedOn)
			}
		}
	}
	return c
}

// export exports the package's fact, if it has exported functions that
// check parameters.
func (c *checkedParams) export(export func(analysis.Fact)) {
	funcs := make(map[string]*checkedFunc)
	for r, kind := range c.kind {
		if !r.Fn.Exported() {
			continue
		}
		name := methodText(r.Fn)
		f := funcs[name]
		if f == nil {
			f = &checkedFunc{Name: name}
			funcs[name] = f
		}
		if kind == checkedByFinding {
			f.ByFix = append(f.ByFix, r.Index)
		} else {
			f.Here = append(f.Here, r.Index)
		}
	}
	if len(funcs) == 0 {
		return
	}
	fact := new(checkedFact)
	for _, f := range funcs {
		slices.Sort(f.Here)
		slices.Sort(f.ByFix)
		fact.Funcs = append(fact.Funcs, *f)
	}
	slices.SortFunc(fact.Funcs, func(a, b checkedFunc) int { return strings.Compare(a.Name, b.Name) })
	export(fact)
}

// reaches returns the checked parameters a call handing its context to r
// reaches: r, and those it is passed on to, transitively.
func (c *checkedParams) reaches(r callgraph.Param) []callgraph.Param {
	var out []callgraph.Param
	seen := make(map[callgraph.Param]bool)
	var visit func(r callgraph.Param)
	visit = func(r callgraph.Param) {
		if seen[r] {
			return
		}
		seen[r] = true
		out = append(out, r)
		for _, next := range c.on[r] {
			visit(next)
		}
	}
	visit(r)
	return out
}

// writtenChecks returns the context parameters of f that a check written
// in its body tests, where a check guards one of its emitting calls: a
// check on the parameter, or on a context made from it (ParamSources, at
// the calls it guards).
func writtenChecks(idx *callgraph.Graph, j *judge, em *emitters, ch *fixplan.Chooser, f *callgraph.Func) []callgraph.Param {
	var guarded []*callgraph.Site
	for _, site := range f.Calls {
		if em.emits(site) && j.verdict(em, site) == guardedCall {
			guarded = append(guarded, site)
		}
	}
	if len(guarded) == 0 {
		return nil
	}
	var out []callgraph.Param
	add := func(r callgraph.Param) {
		if r.Fn == f.Obj && !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	for _, chk := range j.states.fl.of(f, j.states.startsGuarded(f), false).Checks {
		v := checkedVar(idx, chk.Atom)
		if v == nil {
			continue
		}
		if i := callgraph.ParamIndex(f.Sig, v); i >= 0 {
			add(callgraph.Param{Fn: f.Obj, Index: i})
			continue
		}
		for _, site := range guarded {
			for _, r := range ch.ParamSources(site, v) {
				add(r)
			}
		}
	}
	return out
}

// checkedVar returns the context variable a check tests: the first in it.
func checkedVar(idx *callgraph.Graph, atom ast.Expr) *types.Var {
	var v *types.Var
	ast.Inspect(atom, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && v == nil {
			if obj, ok := idx.Info.Uses[id].(*types.Var); ok && guardflow.IsContext(obj.Type()) && id.Name != "_" {
				v = obj
			}
		}
		return v == nil
	})
	return v
}

// passedParams returns the parameters of the caller (site's declared
// function) whose cancellation cancels what site passes as its callee's
// parameter k: passed on unchanged, or as a context made from them.
func passedParams(idx *callgraph.Graph, ch *fixplan.Chooser, site *callgraph.Site, k int) []callgraph.Param {
	if site.Dispatch() || site.Fn.Lit != nil {
		return nil // a literal's call: the parameter of the function around it may hold another context when it runs
	}
	ai, ok := callgraph.ArgIndex(idx.Info, site.Call, k)
	if !ok {
		return nil
	}
	return ch.ArgSources(site, ai)
}
