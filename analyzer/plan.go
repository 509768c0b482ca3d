package analyzer

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/ctxnotify/ctxnotify-lint/internal/refactor"
)

const fixMessage = "Skip the event when the context is cancelled"

// planFixes decides the fixes of the findings, as data that
// internal/refactor builds: for a call of a helper fixed at its depth, the
// group's fix first (one value per group, so that a driver applies its
// edits once); then the call-site fix, which skips the call's statement
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
func planFixes(idx *index, names *lookups, findings []*finding, groups map[*funcNode]*helperGroup) map[*finding][]*refactor.Fix {
	var uses []contextUse
	for _, f := range findings {
		uses = append(uses, contextUse{f.site, f.ctx})
	}
	for _, g := range uniqueGroups(idx, groups) {
		uses = append(uses, g.callers...)
	}
	p := &planner{idx: idx, lookups: names, paramNames: nameBlankParams(names, uses)}
	groupFixes := make(map[*helperGroup]*refactor.Fix)
	for _, g := range uniqueGroups(idx, groups) {
		if fix, ok := p.groupFix(g); ok {
			groupFixes[g] = fix
		}
	}
	plan := make(map[*finding][]*refactor.Fix)
	for _, f := range findings {
		if t := idx.target(f.site); t != nil && groupFixes[groups[t]] != nil {
			plan[f] = append(plan[f], groupFixes[groups[t]])
		}
		if fix, ok := p.callSiteFix(f); ok {
			plan[f] = append(plan[f], fix)
		}
	}
	return plan
}

// planner is what deciding a fix reads. It names each blank or unnamed
// context parameter once, so that every fix in a function uses the same
// name.
type planner struct {
	idx        *index
	lookups    *lookups
	paramNames map[*types.Var]string
}

// callSiteFix is the check at the call: the guard clause or the wrap.
func (p *planner) callSiteFix(f *finding) (*refactor.Fix, bool) {
	site := f.site
	if _, ok := site.stmt.(*ast.ExprStmt); !ok || f.ctx == nil || inGoroutine(site) || f.state.OperandsConsume {
		return nil, false
	}
	ctxName, steps := p.contextName(site, f.ctx)
	if ctxName == "" {
		return nil, false
	}
	skip, imports, ok := p.skip(site, ctxName)
	if !ok {
		return nil, false
	}
	steps = append(steps, skip, refactor.Imports{File: site.fn.file, Imports: imports})
	return &refactor.Fix{Message: fixMessage, Steps: steps}, true
}

// contextName returns the name under which the call refers to ctx, and
// the step that names it where it is a blank or unnamed parameter; ""
// when it cannot be named.
func (p *planner) contextName(site *callSite, ctx *types.Var) (string, []refactor.Step) {
	name, steps := ctx.Name(), []refactor.Step(nil)
	if n, ok := p.paramNames[ctx]; ok {
		name = n
		if owner := paramOwner(site.fn, ctx); owner != nil {
			steps = append(steps, refactor.Param{Func: owner.funcType(), Index: paramIndex(owner.sig, ctx), Decl: n})
		}
	}
	if name == "" || name == "_" {
		return "", nil
	}
	return name, steps
}

// skip returns the step that skips the call's statement when the context
// named ctxName is cancelled, with the condition spelled for the call's
// place, and the imports it needs.
func (p *planner) skip(site *callSite, ctxName string) (refactor.Skip, []refactor.Import, bool) {
	idx := p.idx
	pos := site.stmt.Pos()
	lookup := func(name string) types.Object { return p.lookups.at(site.fn, name, pos) }
	file := site.fn.file
	errorsQual, errorsImport, ok := refactor.Qualifier(idx.info, idx.pkg, file, lookup, "errors", "Is")
	if !ok {
		return refactor.Skip{}, nil, false
	}
	contextQual, contextImport, ok := refactor.Qualifier(idx.info, idx.pkg, file, lookup, "context", "Canceled")
	if !ok {
		return refactor.Skip{}, nil, false
	}
	return refactor.Skip{
		File:      file,
		Stmt:      site.stmt,
		Parent:    site.stmtCur.Parent().Node(),
		Clause:    endsFunction(site.stmtCur),
		Cancelled: errorsQual + "Is(" + ctxName + ".Err(), " + contextQual + "Canceled)",
	}, append(errorsImport, contextImport...), true
}

// groupFix is the fix of a helper group: each helper's new parameter, the
// check that skips each event inside the helpers (the guard clause or the
// wrap, as at a call site), and the context passed at every call of a
// helper, in test files too; then the imports they need.
func (p *planner) groupFix(g *helperGroup) (*refactor.Fix, bool) {
	if g.unfixable {
		return nil, false
	}
	idx := p.idx
	var steps []refactor.Step
	imports := newImportSet()
	for _, h := range g.helpers {
		qual, imps, ok := refactor.Qualifier(idx.info, idx.pkg, h.file, fileLookup(idx.info, h.file, h.decl.Type.Params.Pos()), "context", "Context")
		if !ok {
			return nil, false
		}
		imports.add(h.file, imps)
		steps = append(steps, refactor.Param{Func: h.decl.Type, Index: -1, Decl: g.param[h] + " " + qual + "Context"})
	}
	for _, site := range g.wraps {
		skip, imps, ok := p.skip(site, g.param[site.fn.outermost()])
		if !ok {
			return nil, false
		}
		imports.add(site.fn.file, imps)
		steps = append(steps, skip)
	}
	for _, site := range g.passes {
		steps = append(steps, refactor.Arg{Call: site.call, Text: g.param[site.fn.outermost()]})
	}
	for _, c := range g.callers {
		name, named := p.contextName(c.site, c.ctx)
		if name == "" {
			return nil, false
		}
		steps = append(steps, refactor.Arg{Call: c.site.call, Text: name})
		steps = append(steps, named...)
	}
	for _, t := range g.tests {
		arg := t.ctx
		if arg == "" {
			pos := t.call.Pos()
			lookup := func(name string) types.Object { return p.lookups.lookupAt(name, pos) }
			qual, imps, ok := refactor.Qualifier(idx.info, idx.pkg, t.file, lookup, "context", "Background")
			if !ok {
				return nil, false
			}
			imports.add(t.file, imps)
			arg = qual + "Background()"
		}
		steps = append(steps, refactor.Arg{Call: t.call, Text: arg})
	}
	for _, file := range imports.files {
		steps = append(steps, refactor.Imports{File: file, Imports: imports.byFile[file]})
	}
	return &refactor.Fix{Message: groupFixMessage(g), Steps: steps}, true
}

// groupFixMessage names the helpers: "Pass ctx to failure and event and
// check it there".
func groupFixMessage(g *helperGroup) string {
	var names []string
	for _, h := range g.helpers {
		names = append(names, h.name())
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
