package analyzer

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// A call that hands a context the code has cancelled to a function that
// checks that parameter before its events makes the check drop every
// event. The functions that check a context parameter before their
// events: one whose emitting calls a check written on the parameter
// guards; one in which a fix inserts a check on it (at a sink, or passing
// it to a helper fixed at its depth); one that passes the parameter on,
// unchanged, to a function that checks it. Across packages through a fact.

// paramRef is a context parameter of a declared function: its index.
type paramRef struct {
	fn *types.Func
	i  int
}

// checkKind is how a parameter is checked.
type checkKind uint8

const (
	notChecked   checkKind = iota
	checkedHere            // a check written in the function
	checkedByFix           // the check a fix inserts
	checkedOn              // passed on to a function that checks it
)

// checkedParams are the context parameters checked before events, with
// the parameters each is passed on to (on: which are checked).
type checkedParams struct {
	kind       map[paramRef]checkKind
	byFix      map[paramRef]bool       // the parameters a fix inserts a check on, whatever else checks them
	on         map[paramRef][]paramRef // a parameter -> the checked ones it is passed on to
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
		return checkedByFix
	}
	return notChecked
}

// of returns how the parameter k of fn, a function of this package or
// another, is checked.
func (c *checkedParams) of(fn *types.Func, k int) checkKind {
	if kind, ok := c.kind[paramRef{fn, k}]; ok {
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
func findCheckedParams(idx *index, j *judge, em *emitters, findings []*finding, groups map[*funcNode]*helperGroup, ch *chooser, imp func(*types.Package, analysis.Fact) bool) *checkedParams {
	c := &checkedParams{kind: make(map[paramRef]checkKind), byFix: make(map[paramRef]bool), on: make(map[paramRef][]paramRef), importFact: imp, imported: make(map[*types.Package]*checkedFact)}
	var work []paramRef
	mark := func(r paramRef, kind checkKind) {
		if _, ok := c.kind[r]; !ok {
			c.kind[r] = kind
			work = append(work, r)
		}
	}
	for _, f := range idx.funcs {
		if f.obj == nil || f.iface {
			continue
		}
		for _, r := range writtenChecks(idx, j, em, f) {
			mark(r, checkedHere)
		}
	}
	for _, f := range findings {
		if r, ok := paramOf(f.site.fn, f.check.v); ok && f.check.later == nil {
			mark(r, checkedByFix)
			c.byFix[r] = true
		}
	}
	for _, g := range uniqueGroups(idx, groups) {
		for _, u := range g.callers {
			if r, ok := paramOf(u.site.fn, u.ctx.v); ok {
				mark(r, checkedByFix)
				c.byFix[r] = true
			}
		}
	}
	for len(work) > 0 {
		r := work[len(work)-1]
		work = work[:len(work)-1]
		t := idx.decls[r.fn]
		if t == nil {
			continue
		}
		for _, site := range idx.callers[t] {
			if p, ok := passedParam(idx, ch, site, r.i); ok {
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
		if !r.fn.Exported() {
			continue
		}
		name := methodText(r.fn)
		f := funcs[name]
		if f == nil {
			f = &checkedFunc{Name: name}
			funcs[name] = f
		}
		if kind == checkedByFix {
			f.ByFix = append(f.ByFix, r.i)
		} else {
			f.Here = append(f.Here, r.i)
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
func (c *checkedParams) reaches(r paramRef) []paramRef {
	var out []paramRef
	seen := make(map[paramRef]bool)
	var visit func(r paramRef)
	visit = func(r paramRef) {
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
// in its body tests, where a check guards one of its emitting calls.
func writtenChecks(idx *index, j *judge, em *emitters, f *funcNode) []paramRef {
	guarded := false
	for _, site := range f.calls {
		guarded = guarded || em.emits(site) && j.verdict(em, site) == guardedCall
	}
	if !guarded {
		return nil
	}
	var out []paramRef
	for _, chk := range j.states.fl.of(f, j.states.startsGuarded(f), false).Checks {
		if v := checkedVar(idx, chk.Atom); v != nil {
			if i := paramIndex(f.sig, v); i >= 0 && !slices.Contains(out, paramRef{f.obj, i}) {
				out = append(out, paramRef{f.obj, i})
			}
		}
	}
	return out
}

// checkedVar returns the context variable a check tests: the first in it.
func checkedVar(idx *index, atom ast.Expr) *types.Var {
	var v *types.Var
	ast.Inspect(atom, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && v == nil {
			if obj, ok := idx.info.Uses[id].(*types.Var); ok && isContextType(obj.Type()) && id.Name != "_" {
				v = obj
			}
		}
		return v == nil
	})
	return v
}

// paramOf returns the declared function and index of v, a context
// parameter of f or of a function around it.
func paramOf(f *funcNode, v *types.Var) (paramRef, bool) {
	if v == nil {
		return paramRef{}, false
	}
	owner := paramOwner(f, v)
	if owner == nil || owner.obj == nil {
		return paramRef{}, false
	}
	return paramRef{owner.obj, paramIndex(owner.sig, v)}, true
}

// passedParam returns the parameter of the caller (of site's declared
// function) that site passes, unchanged, as its callee's parameter k.
func passedParam(idx *index, ch *chooser, site *callSite, k int) (paramRef, bool) {
	if site.dispatch() {
		return paramRef{}, false
	}
	ai, ok := argIndex(idx.info, site.call, k)
	if !ok {
		return paramRef{}, false
	}
	v := varOf(idx.info, site.call.Args[ai])
	r, ok := paramOf(site.fn, v)
	if !ok || site.fn != idx.decls[r.fn] {
		return paramRef{}, false // a literal's call: the parameter of the function around it may hold another context when it runs
	}
	if pt, ok := ch.holdingsOf(site.fn).At(site.call); ok {
		return r, pt.ArgIsParam(ai, v)
	}
	return r, !idx.assigned[v]
}
