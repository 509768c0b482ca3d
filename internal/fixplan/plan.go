package fixplan

import (
	"go/ast"
	"go/types"
	"maps"
	"strings"

	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
	"github.com/ctxnotify/ctxnotify-lint/internal/refactor"
)

const (
	fixMessage    = "Skip the event when the context is cancelled"
	renameMessage = "Give the derived context a name of its own"
)

// Plan is what Make decides: the fixes of each finding and
// handoff, the name under which each finding's fix checks its context,
// and, where a rename a fix needs cannot be made, why.
type Plan struct {
	Fixes      map[*Finding][]*refactor.Fix
	renames    map[*Handoff]*refactor.Fix // a handoff's fix: the rename
	CheckNames map[*Finding]string
	NoRename   map[*guardflow.Derivation]NoRename // why a rename that a fix needs cannot be made
	ch         *Chooser
}

// InGoroutine reports whether a call is a go statement or runs in a
// goroutine (Chooser.InGoroutine): the check at the call is no fix there.
func (p *Plan) InGoroutine(site *callgraph.Site) bool { return p.ch.InGoroutine(site) }

// Make decides the fixes of the findings, as data that
// internal/refactor builds: for a call of a helper fixed at its depth, the
// group's fix first (one value per group, so that a driver applies its
// edits once); for a call that goes through a guarded method, the method
// and that call (methodFixes); then the call-site fix, which skips the call's statement
// when the context is cancelled: the guard clause
//
//	if errors.Is(ctx.Err(), context.Canceled) {
//		return
//	}
//
// right before it where the statement ends its function, else the wrap
// in if !errors.Is(ctx.Err(), context.Canceled) { ... }.
//
// No call-site fix is offered where it is not safe: a call inside a larger
// expression or an if/switch header, a defer or go statement, a call in a
// closure started with go (the goroutine may outlive the function, whose
// context is then cancelled, so the check would drop every event), or
// where no usable context can be named at the call.
//
// A fix whose check needs a derived context renamed carries the rename,
// and so does a fix that inserts a check on a parameter that calls in the
// package hand a context the code has cancelled (handoffs): -fix applies
// both or neither. A handoff's own fix is the rename.
func Make(idx *callgraph.Graph, findings []*Finding, handoffs []*Handoff, in Input) *Plan {
	det, conv, scopes, sources, ch, groups := in.Detection, in.Conventions, in.Scopes, in.Sources, in.Chooser, in.Groups
	methods, inner := findMethodGroups(idx, det, ch, findings, groups)
	var uses []contextUse
	for _, f := range findings {
		uses = append(uses, contextUse{f.Site, f.Check})
	}
	for _, g := range UniqueGroups(idx, groups) {
		uses = append(uses, g.Callers...)
	}
	p := &planner{idx: idx, ch: ch, Conventions: conv, scopes: scopes, paramNames: nameBlankParams(scopes, uses), inner: inner, methods: make(map[*methodGroup][]refactor.Step)}
	p.places = placeAll(idx, det, ch, sources, findings, groups)
	plan := &Plan{ch: ch, Fixes: make(map[*Finding][]*refactor.Fix), renames: make(map[*Handoff]*refactor.Fix), CheckNames: make(map[*Finding]string), NoRename: make(map[*guardflow.Derivation]NoRename)}
	p.renames = planRenames(ch, conv, uses, handoffs, plan.NoRename)
	p.carried = carriedRenames(handoffs, p.renames)

	groupFixes := make(map[*HelperGroup]*refactor.Fix)
	for _, g := range UniqueGroups(idx, groups) {
		if fix, ok := p.groupFix(g); ok {
			groupFixes[g] = fix
		}
	}
	methodFixes := make(map[*Finding]*refactor.Fix)
	done := make(map[*methodGroup]bool)
	for _, f := range findings {
		if g := methods[f]; g != nil && !done[g] {
			done[g] = true
			fixes, _ := p.methodFixes(g, groupFixes)
			maps.Copy(methodFixes, fixes)
		}
	}
	for _, f := range findings {
		plan.CheckNames[f] = p.checkName(f.Check)
		if t := idx.Target(f.Site); t != nil && groupFixes[groups[t]] != nil {
			plan.Fixes[f] = append(plan.Fixes[f], groupFixes[groups[t]])
		}
		if fix := methodFixes[f]; fix != nil {
			plan.Fixes[f] = append(plan.Fixes[f], fix)
		}
		if fix, ok := p.callSiteFix(f); ok {
			plan.Fixes[f] = append(plan.Fixes[f], fix)
		}
	}
	for _, h := range handoffs {
		if r := p.renames[h.Derivation]; h.Derivation != nil && r != nil && h.Arg != nil {
			plan.renames[h] = &refactor.Fix{Message: renameMessage, Steps: r.steps}
		}
	}
	var fixes []*refactor.Fix
	for _, f := range findings {
		fixes = append(fixes, plan.Fixes[f]...)
	}
	p.bundleMethods(fixes)
	return plan
}

// HandoffFixes returns the fixes of a handoff: its rename, if it has one.
func (p *Plan) HandoffFixes(h *Handoff) []*refactor.Fix {
	if fix := p.renames[h]; fix != nil {
		return []*refactor.Fix{fix}
	}
	return nil
}

// Input is what planning reads besides the findings, the handoffs and
// the call graph: detection's answers, the package's conventions, its
// scopes and sources, the contexts chosen, and the helper groups.
type Input struct {
	Detection   Detection
	Conventions *conventions
	Scopes      *refactor.Scopes
	Sources     *refactor.Sources
	Chooser     *Chooser
	Groups      map[*callgraph.Func]*HelperGroup
}

// planner is what deciding a fix reads. It names each blank or unnamed
// context parameter once, so that every fix in a function uses the same
// name, and renames each derived context once, so that the fixes that
// carry the rename make the same edits.
type planner struct {
	idx         *callgraph.Graph
	ch          *Chooser
	Conventions *conventions
	scopes      *refactor.Scopes
	paramNames  map[*types.Var]string
	places      map[*callgraph.Site]placement         // where each check goes, and its form
	inner       map[*callgraph.Site]*methodGroup      // the calls in helpers fixed at their depth that go through a guarded method
	methods     map[*methodGroup][]refactor.Step      // each new guarded method's steps, once made
	renames     map[*guardflow.Derivation]*renamePlan // nil where the rename cannot be made
	carried     map[callgraph.Param][]*renamePlan     // the renames a check on a parameter needs at the calls handing it cancelled contexts
}

// planRenames decides, once each, the renames that the fixes' contexts and
// the handoffs need: the handoffs' arguments keep their names, to read the
// parent again. why gets the reason of each rename that cannot be made.
func planRenames(ch *Chooser, conv *conventions, uses []contextUse, handoffs []*Handoff, why map[*guardflow.Derivation]NoRename) map[*guardflow.Derivation]*renamePlan {
	keep := make(map[*guardflow.Derivation]map[*ast.Ident]bool)
	owner := make(map[*guardflow.Derivation]*callgraph.Func)
	checks := make(map[*guardflow.Derivation][]contextUse)
	var order []*guardflow.Derivation
	need := func(d *guardflow.Derivation, f *callgraph.Func) {
		if _, ok := keep[d]; !ok {
			keep[d] = make(map[*ast.Ident]bool)
			owner[d] = f
			order = append(order, d)
		}
	}
	for _, u := range uses {
		if d := u.Ctx.Derived; d != nil {
			need(d, u.Site.Fn)
			checks[d] = append(checks[d], u)
		}
	}
	for _, h := range handoffs {
		if h.Derivation == nil {
			continue // no rename mends it
		}
		need(h.Derivation, h.Site.Fn)
		if h.Arg != nil {
			keep[h.Derivation][h.Arg] = true
		}
	}
	out := make(map[*guardflow.Derivation]*renamePlan)
	rn := &renamer{Chooser: ch, Conventions: conv}
	for _, d := range order {
		r, reason := rn.plan(owner[d], d, keep[d], checks[d])
		out[d] = r
		if r == nil {
			why[d] = reason
		}
	}
	return out
}

// carriedRenames returns, for each parameter that a fix checks, the
// renames of the handoffs that reach it.
func carriedRenames(handoffs []*Handoff, renames map[*guardflow.Derivation]*renamePlan) map[callgraph.Param][]*renamePlan {
	out := make(map[callgraph.Param][]*renamePlan)
	for _, h := range handoffs {
		r := renames[h.Derivation]
		if h.Arg == nil || h.Derivation == nil {
			r = nil // the rename would not mend the call
		}
		for _, p := range h.FindingChecks {
			out[p] = append(out[p], r) // nil where the rename cannot be made: the fix is not offered
		}
	}
	return out
}

// checkName is how a fix spells the context c: the parent's saved name,
// a blank parameter's new name, or its own.
func (p *planner) checkName(c Context) string {
	if r := p.renames[c.Derived]; c.Derived != nil && r != nil && r.saved != "" {
		return r.saved
	}
	if n, ok := p.paramNames[c.Var]; ok {
		return n
	}
	return ContextText(c.Var)
}

// callSiteFix is the check at the call: the guard clause or the wrap,
// after the renames it needs.
func (p *planner) callSiteFix(f *Finding) (*refactor.Fix, bool) {
	site := f.Site
	if !p.ch.callSiteFixable(f) {
		return nil, false
	}
	ctxName, steps, ok := p.checked(site, f.Check)
	if !ok {
		return nil, false
	}
	skip, imports, ok := p.skip(site, ctxName)
	if !ok {
		return nil, false
	}
	steps = append(steps, skip, refactor.Imports{File: site.Fn.File, Imports: imports})
	return &refactor.Fix{Message: fixMessage, Steps: steps}, true
}

// checked returns the name under which a check at site reads the context
// c, with the steps it needs first: the renames (its own, and those of the
// handoffs of the parameter it checks) or the saved parent, and the name
// of a blank parameter; false where one cannot be made.
func (p *planner) checked(site *callgraph.Site, c Context) (string, []refactor.Step, bool) {
	name, named := p.contextName(site, c.Var)
	if name == "" {
		return "", nil, false
	}
	var steps []refactor.Step
	if c.Derived != nil {
		r := p.renames[c.Derived]
		if r == nil {
			return "", nil, false
		}
		steps = append(steps, r.steps...)
		if r.saved != "" {
			name, named = r.saved, nil
		}
	}
	for _, ref := range p.ch.ParamSources(site, c.Var) {
		for _, r := range p.carried[ref] {
			if r == nil {
				return "", nil, false
			}
			steps = append(steps, r.steps...)
		}
	}
	return name, append(steps, named...), true
}

// contextName returns the name under which the call refers to ctx, and
// the step that names it where it is a blank or unnamed parameter; ""
// when it cannot be named.
func (p *planner) contextName(site *callgraph.Site, ctx *types.Var) (string, []refactor.Step) {
	name, steps := ctx.Name(), []refactor.Step(nil)
	if n, ok := p.paramNames[ctx]; ok {
		name = n
		if owner := callgraph.ParamOwner(site.Fn, ctx); owner != nil {
			steps = append(steps, refactor.Param{Func: owner.FuncType(), Index: callgraph.ParamIndex(owner.Sig, ctx), Decl: n})
		}
	}
	if name == "" || name == "_" {
		return "", nil
	}
	return name, steps
}

// callSiteFixable reports whether a finding can get the check at its
// call: a statement a check can skip, a context to check, and operands
// that consume no context (a check before the statement would be stale at
// the call).
func (c *Chooser) callSiteFixable(f *Finding) bool {
	return c.skippable(f.Site) && f.Check.Var != nil && f.Check.Later == nil && !f.State.OperandsConsume
}

// skip returns the step that skips the call's statement when the context
// named ctxName is cancelled, where and in the form placeChecks decided,
// and the imports it needs.
func (p *planner) skip(site *callgraph.Site, ctxName string) (refactor.Skip, []refactor.Import, bool) {
	pl, ok := p.places[site]
	if !ok {
		return refactor.Skip{}, nil, false
	}
	pos := pl.at.Pos()
	sp, imports, ok := p.checkSpelling(site.Fn.File, func(name string) types.Object { return p.scopes.Lookup(site.Fn.Outer(), name, pos) })
	if !ok {
		return refactor.Skip{}, nil, false
	}
	return refactor.Skip{File: site.Fn.File, Stmt: pl.at, Parent: pl.parent, Form: pl.form, Cancelled: sp.cancelled(ctxName)}, imports, true
}

// spelling is how a file spells the check that a context is cancelled,
// errors.Is(ctx.Err(), context.Canceled): the one spelling of every check
// a fix writes.
type spelling struct {
	errorsQual, contextQual string // "errors.", "stderrors.", or "" for a dot import
}

// cancelled spells the check on the context named ctxName.
func (sp spelling) cancelled(ctxName string) string {
	return sp.errorsQual + "Is(" + ctxName + ".Err(), " + sp.contextQual + "Canceled)"
}

// CheckText is the check on the context named ctxName as a file that
// imports errors and context unrenamed spells it: what messages quote.
func CheckText(ctxName string) string {
	return spelling{errorsQual: "errors.", contextQual: "context."}.cancelled(ctxName)
}

// refers returns the names the check refers to besides the context's: a
// name a fix declares where the check is written must be none of them.
func (sp spelling) refers() []string {
	var names []string
	for _, q := range []struct{ qual, member string }{{sp.errorsQual, "Is"}, {sp.contextQual, "Canceled"}} {
		if q.qual == "" {
			names = append(names, q.member)
		} else {
			names = append(names, strings.TrimSuffix(q.qual, "."))
		}
	}
	return names
}

// checkSpelling returns how the check is spelled in file where lookup
// resolves names, with the imports it needs.
func (p *planner) checkSpelling(file *ast.File, lookup func(string) types.Object) (spelling, []refactor.Import, bool) {
	idx := p.idx
	errorsQual, errorsImport, ok := refactor.Qualifier(idx.Info, idx.Pkg, file, lookup, "errors", "Is")
	if !ok {
		return spelling{}, nil, false
	}
	contextQual, contextImport, ok := refactor.Qualifier(idx.Info, idx.Pkg, file, lookup, "context", "Canceled")
	if !ok {
		return spelling{}, nil, false
	}
	return spelling{errorsQual, contextQual}, append(errorsImport, contextImport...), true
}

// placeAll places the checks of the findings the call-site fix can skip
// and those inside the helpers fixed at their depth. A function whose
// findings alike are all it does, but for computing their arguments and
// its Trace events, gets one check at its top (emitsOnly).
func placeAll(idx *callgraph.Graph, det Detection, ch *Chooser, sources *refactor.Sources, findings []*Finding, groups map[*callgraph.Func]*HelperGroup) map[*callgraph.Site]placement {
	var sites []*callgraph.Site
	byFn := make(map[*callgraph.Func][]*Finding)
	for _, f := range findings {
		if ch.callSiteFixable(f) {
			sites = append(sites, f.Site)
			byFn[f.Site.Fn] = append(byFn[f.Site.Fn], f)
		}
	}
	tops := make(map[*callgraph.Func]topCheck)
	top := func(fn *callgraph.Func, calls map[*ast.CallExpr]bool) {
		traces := make(map[*ast.CallExpr]bool)
		for _, site := range fn.Calls {
			if det.TraceCall(site) {
				traces[site.Call] = true
			}
		}
		if ok, early := emitsOnly(idx.Info, fn, calls, traces); ok && sources.StartsLine(fn.Body.List[0].Pos()) {
			tops[fn] = topCheck{early}
		}
	}
	for fn, fs := range byFn {
		calls := make(map[*ast.CallExpr]bool)
		for _, f := range fs {
			if f.Check.Var == fs[0].Check.Var && f.Check.Derived == fs[0].Check.Derived {
				calls[f.Site.Call] = true
			}
		}
		if v := fs[0].Check.Var; callgraph.ParamOwner(fn, v) != nil || !fn.Declares(v) {
			top(fn, calls)
		}
	}
	for _, g := range UniqueGroups(idx, groups) {
		skips := make(map[*callgraph.Func]map[*ast.CallExpr]bool)
		for _, site := range g.skips {
			sites = append(sites, site)
			if skips[site.Fn] == nil {
				skips[site.Fn] = make(map[*ast.CallExpr]bool)
			}
			skips[site.Fn][site.Call] = true
		}
		for fn, calls := range skips {
			top(fn, calls)
		}
	}
	return placeChecks(sources, sites, tops)
}

// groupFix is the fix of a helper group: each helper's new parameter, the
// check that skips each event inside the helpers (the guard clause or the
// wrap, as at a call site), and the context passed at every call of a
// helper, in test files too, with the renames those contexts need; then
// the imports they need.
func (p *planner) groupFix(g *HelperGroup) (*refactor.Fix, bool) {
	if g.unfixable {
		return nil, false
	}
	idx := p.idx
	var steps []refactor.Step
	imports := newImportSet()
	for _, h := range g.helpers {
		qual, imps, ok := refactor.Qualifier(idx.Info, idx.Pkg, h.File, refactor.FileLookup(idx.Info, h.File, h.Decl.Type.Params.Pos()), "context", "Context")
		if !ok {
			return nil, false
		}
		imports.add(h.File, imps)
		steps = append(steps, refactor.Param{Func: h.Decl.Type, Index: -1, Decl: g.param[h] + " " + qual + "Context"})
	}
	for _, site := range g.skips {
		param := g.param[site.Fn.Outermost()]
		if mg := p.inner[site]; mg != nil {
			call, ok := p.innerCall(mg, site, param)
			if !ok {
				return nil, false
			}
			steps = append(steps, call...)
			continue
		}
		skip, imps, ok := p.skip(site, param)
		if !ok {
			return nil, false
		}
		imports.add(site.Fn.File, imps)
		steps = append(steps, skip)
	}
	for _, site := range g.passes {
		steps = append(steps, refactor.Arg{Call: site.Call, Text: g.param[site.Fn.Outermost()]})
	}
	for _, c := range g.Callers {
		name, needs, ok := p.checked(c.Site, c.Ctx)
		if !ok {
			return nil, false
		}
		steps = append(steps, needs...)
		steps = append(steps, refactor.Arg{Call: c.Site.Call, Text: name})
	}
	for _, t := range g.tests {
		arg := t.ctx
		if arg == "" {
			pos := t.call.Pos()
			lookup := func(name string) types.Object { return p.scopes.LookupAt(name, pos) }
			qual, imps, ok := refactor.Qualifier(idx.Info, idx.Pkg, t.file, lookup, "context", "Background")
			if !ok {
				return nil, false
			}
			imports.add(t.file, imps)
			arg = qual + "Background()"
		}
		steps = append(steps, refactor.Arg{Call: t.call, Text: arg})
	}
	steps = append(steps, imports.steps()...)
	return &refactor.Fix{Message: groupFixMessage(g), Steps: steps}, true
}

// groupFixMessage names the helpers: "Pass ctx to failure and event and
// check it there".
func groupFixMessage(g *HelperGroup) string {
	var names []string
	for _, h := range g.helpers {
		names = append(names, h.Name())
	}
	list := strings.Join(names, ", ")
	if n := len(names); n > 1 {
		list = strings.Join(names[:n-1], ", ") + " and " + names[n-1]
	}
	return "Pass " + g.param[g.helpers[0]] + " to " + list + " and check it there"
}

// importSet is the imports a fix needs, by file, each once.
type importSet struct {
	files  []*ast.File
	byFile map[*ast.File][]refactor.Import
}

func newImportSet() *importSet { return &importSet{byFile: make(map[*ast.File][]refactor.Import)} }

// steps returns the Imports steps of the set, a file each.
func (s *importSet) steps() []refactor.Step {
	var steps []refactor.Step
	for _, file := range s.files {
		steps = append(steps, refactor.Imports{File: file, Imports: s.byFile[file]})
	}
	return steps
}

func (s *importSet) add(file *ast.File, imps []refactor.Import) {
	for _, imp := range imps {
		have, ok := s.byFile[file]
		if !ok {
			s.files = append(s.files, file)
		}
		dup := false
		for _, h := range have {
			dup = dup || h == imp
		}
		if !dup {
			s.byFile[file] = append(have, imp)
		}
	}
}
