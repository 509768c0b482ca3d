package fixplan

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"
	"unicode"

	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
	"github.com/ctxnotify/ctxnotify-lint/internal/refactor"
	"github.com/ctxnotify/ctxnotify-lint/internal/syntax"
)

// The guarded method. Where the methods of one type call the same
// recorder method through the same field again and again, wrapping each
// call re-indents a long call per hunk; a maintainer adds one small method
// to the type that checks its context and emits, and makes each site call
// it, as kustomize-style r.event(ctx, ...) helpers do:
//
//	func (r *R) annotatedEventf(ctx context.Context, object runtime.Object, ...) {
//		if errors.Is(ctx.Err(), context.Canceled) {
//			return
//		}
//		r.EventRecorder.AnnotatedEventf(object, ...)
//	}

// minMethodCalls is how many findings at direct calls of one sink method
// through one field of one type make the guarded method their first fix.
// A type that has a guarded helper (one a group gives it, one it has, or
// one of its helpers fixed at their depth that forwards to the recorder)
// gives every such call one: one place to check per type.
const minMethodCalls = 3

// methodGroup is the findings that one guarded method fixes.
type methodGroup struct {
	recv     *types.TypeName // the receiver's type
	path     []string        // the fields from the receiver to the recorder; none for an embedded one
	sink     *types.Func
	findings []*Finding
	inner    []*callgraph.Site // the calls inside helpers fixed at their depth that go through the method, with their new parameter
	existing *callgraph.Func   // a method of that shape the package has, called instead
	helper   *HelperGroup      // existing's group, where it is a helper fixed at its depth: it takes the context then
	file     *ast.File         // where the new method goes ...
	after    *ast.FuncDecl     // ... after this method of the type
	name     string
}

// methodKey is what the findings of a group share.
type methodKey struct {
	recv *types.TypeName
	path string
	sink *types.Func
}

// findMethodGroups returns, for each finding that a guarded method fixes,
// its group: the findings the call-site fix can fix at direct calls of a
// sink through a field of a method's receiver (or an embedded recorder),
// in the methods of one type and the literals in them, with the same sink
// and field; the groups of a type that has a guarded helper, else none
// (minMethodCalls). A type has one where a group of it has minMethodCalls
// findings, or where a method of it already is one: a context, then the
// sink's parameters, and one guarded call of the sink through the same
// field forwarding them, among any other statements (its logging); or it
// becomes one, a helper fixed at its depth (helpers) that takes the sink's
// parameters and forwards them to it. That method is called instead of a
// new one. Trace events and calls with only a request's context are no
// findings, so none goes through it.
func findMethodGroups(idx *callgraph.Graph, det Detection, ch *Chooser, findings []*Finding, helpers map[*callgraph.Func]*HelperGroup) (map[*Finding]*methodGroup, map[*callgraph.Site]*methodGroup) {
	groups := make(map[methodKey]*methodGroup)
	var order []methodKey
	groupOf := func(site *callgraph.Site) *methodGroup {
		recv, path, ok := recorderPath(idx.Info, site)
		if !ok {
			return nil
		}
		k := methodKey{recv, strings.Join(path, "."), site.Callee}
		g := groups[k]
		if g == nil {
			g = &methodGroup{recv: recv, path: path, sink: site.Callee}
			groups[k] = g
			order = append(order, k)
		}
		return g
	}
	for _, f := range findings {
		if !ch.callSiteFixable(f) || !det.IsSinkCall(f.Site) {
			continue
		}
		if g := groupOf(f.Site); g != nil {
			g.findings = append(g.findings, f)
		}
	}
	hasHelper := make(map[*types.TypeName]bool)
	for _, hg := range UniqueGroups(idx, helpers) {
		if hg.unfixable {
			continue
		}
		for _, h := range hg.helpers {
			if t := callgraph.ReceiverType(h.Obj); t != nil {
				hasHelper[t] = true
			}
		}
		for _, site := range hg.skips {
			if det.IsSinkCall(site) {
				if g := groupOf(site); g != nil {
					g.inner = append(g.inner, site)
				}
			}
		}
	}
	for _, k := range order {
		g := groups[k]
		g.existing, g.helper = existingMethod(idx, det, g, helpers)
		hasHelper[g.recv] = hasHelper[g.recv] || g.existing != nil || len(g.findings)+len(g.inner) >= minMethodCalls
	}
	out := make(map[*Finding]*methodGroup)
	inner := make(map[*callgraph.Site]*methodGroup)
	added := make(map[*types.TypeName]map[string]bool) // the methods each type is given
	for _, k := range order {
		g := groups[k]
		if !hasHelper[g.recv] || len(g.findings) == 0 && (len(g.inner) == 0 || g.helper != nil) {
			continue
		}
		if g.existing != nil {
			g.name = g.existing.Name()
		} else if !g.place(idx, added) {
			continue
		}
		for _, f := range g.findings {
			out[f] = g
		}
		// A helper's own call stays its check. A call in another file than
		// the method's keeps its check too: its helper's fix would add the
		// context import alone there, where the other fixes add it with
		// errors, and two different insertions at one place both go in.
		if g.helper == nil {
			file := g.file
			if g.existing != nil {
				file = g.existing.File
			}
			for _, site := range g.inner {
				if site.Fn.File == file {
					inner[site] = g
				}
			}
		}
	}
	return out, inner
}

// recorderPath returns the receiver type of the method a call is in (or
// whose literal it is in), and the fields through which the call reaches
// its recorder from the method's receiver: r.EventRecorder.Eventf(...) ->
// [EventRecorder]; r.Eventf(...) through an embedded recorder -> [].
func recorderPath(info *types.Info, site *callgraph.Site) (*types.TypeName, []string, bool) {
	outer := site.Fn.Outermost()
	if outer.Decl == nil || outer.Decl.Recv == nil || len(outer.Decl.Recv.List[0].Names) == 0 {
		return nil, nil, false
	}
	recvVar, _ := info.Defs[outer.Decl.Recv.List[0].Names[0]].(*types.Var)
	recv := callgraph.ReceiverType(outer.Obj)
	sel, ok := ast.Unparen(site.Call.Fun).(*ast.SelectorExpr)
	if recvVar == nil || recv == nil || !ok {
		return nil, nil, false
	}
	path, ok := fieldPath(info, sel.X, recvVar)
	return recv, path, ok
}

// fieldPath returns the fields x selects from the variable recv.
func fieldPath(info *types.Info, x ast.Expr, recv *types.Var) ([]string, bool) {
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		return nil, info.Uses[x] == recv
	case *ast.SelectorExpr:
		if s := info.Selections[x]; s == nil || s.Kind() != types.FieldVal {
			return nil, false
		}
		path, ok := fieldPath(info, x.X, recv)
		return append(path, x.Sel.Name), ok
	}
	return nil, false
}

// existingMethod returns an unexported method of the group's type that
// is, or that the fix at the helper's depth makes, the guarded method: a
// context then the sink's parameters, whose one call of the sink, through
// the same field and forwarding them in order, is guarded (other
// statements may log); or the sink's parameters alone, where the method is
// a helper of a group fixed at its depth, which gives it the context and
// checks it right before that call. The group is returned with it.
func existingMethod(idx *callgraph.Graph, det Detection, g *methodGroup, helpers map[*callgraph.Func]*HelperGroup) (*callgraph.Func, *HelperGroup) {
	want := g.sink.Signature().Params()
	for _, f := range idx.Funcs {
		if f.Decl == nil || f.Obj.Exported() || callgraph.ReceiverType(f.Obj) != g.recv || f.Sig.Variadic() != g.sink.Signature().Variadic() {
			continue
		}
		params := f.Sig.Params()
		first, group := 1, helpers[f]
		switch {
		case params.Len() == want.Len()+1 && guardflow.IsContext(params.At(0).Type()):
		case params.Len() == want.Len() && group != nil && !group.unfixable:
			first = 0
		default:
			continue
		}
		same := true
		for i := range want.Len() {
			same = same && types.Identical(params.At(i+first).Type(), want.At(i).Type())
		}
		var calls []*callgraph.Site
		for _, site := range f.Calls {
			if site.Callee == g.sink {
				calls = append(calls, site)
			}
		}
		if !same || len(calls) != 1 || first == 1 && det.Kind(calls[0]) != KindGuarded {
			continue
		}
		if _, path, ok := recorderPath(idx.Info, calls[0]); ok && slices.Equal(path, g.path) && forwards(idx.Info, calls[0].Call, params, first) {
			if first == 1 {
				group = nil
			}
			return f, group
		}
	}
	return nil, nil
}

// forwards reports whether call passes the parameters from first on, in
// order (the last spread where variadic).
func forwards(info *types.Info, call *ast.CallExpr, params *types.Tuple, first int) bool {
	if len(call.Args) != params.Len()-first {
		return false
	}
	for i, a := range call.Args {
		if v, ok := info.Uses[syntax.Ident(a)].(*types.Var); !ok || v != params.At(i+first) {
			return false
		}
	}
	return true
}

// place chooses where the new method goes (after the type's last method
// in the file that holds most of the group's calls) and its name (the
// sink's, lowered, or another that is no field or method of the type,
// promoted ones included, nor one another group adds to it); false where
// there is no such method.
func (g *methodGroup) place(idx *callgraph.Graph, added map[*types.TypeName]map[string]bool) bool {
	count := make(map[*ast.File]int)
	for _, f := range g.findings {
		count[f.Site.Fn.File]++
	}
	for _, f := range g.findings { // the first file in source order wins a tie
		if g.file == nil || count[f.Site.Fn.File] > count[g.file] {
			g.file = f.Site.Fn.File
		}
	}
	for _, f := range idx.Funcs {
		if f.Decl != nil && f.File == g.file && callgraph.ReceiverType(f.Obj) == g.recv && (g.after == nil || f.Decl.Pos() > g.after.Pos()) {
			g.after = f.Decl
		}
	}
	if g.after == nil {
		return false
	}
	free := func(name string) bool { return refactor.FreeMethod(idx.Pkg, g.recv, name) && !added[g.recv][name] }
	// The sink's name, lowered; where the type has that name, the field's
	// name before the sink's (auditEvent for r.audit.Event), or record
	// before it (recordEvent); else the lowered name, numbered.
	base := lowerFirst(g.sink.Name())
	name := "record" + g.sink.Name()
	if len(g.path) > 0 {
		name = lowerFirst(g.path[len(g.path)-1]) + g.sink.Name()
	}
	switch {
	case free(base):
		name = base
	case free(name):
	default:
		var ok bool
		if name, ok = refactor.FreshName(base, free); !ok {
			return false
		}
	}
	if added[g.recv] == nil {
		added[g.recv] = make(map[string]bool)
	}
	added[g.recv][name] = true
	g.name = name
	return true
}

// methodStep returns the step that adds the group's method, and the
// imports its signature and check need; false where a name it needs is
// taken.
func (p *planner) methodStep(g *methodGroup) (refactor.Method, []refactor.Import, bool) {
	idx, file := p.idx, g.file
	pos := g.after.End()
	lookup := refactor.FileLookup(idx.Info, file, pos)
	var imports []refactor.Import
	qualified := true
	qual := func(pkg *types.Package) string {
		if pkg == idx.Pkg {
			return ""
		}
		q, imps, ok := refactor.TypeQualifier(idx.Info, idx.Pkg, file, lookup, pkg)
		qualified = qualified && ok
		imports = append(imports, imps...)
		return strings.TrimSuffix(q, ".")
	}
	contextQual, contextImports, ok := refactor.Qualifier(idx.Info, idx.Pkg, file, lookup, "context", "Context")
	if !ok {
		return refactor.Method{}, nil, false
	}
	imports = append(imports, contextImports...)
	sp, checkImports, ok := p.checkSpelling(file, lookup)
	if !ok {
		return refactor.Method{}, nil, false
	}
	imports = append(imports, checkImports...)
	// The body refers to the check's qualifiers, the receiver and the
	// parameters: each name is another.
	var body refactor.NewBody
	body.Take(sp.refers()...)
	fresh := body.Fresh
	recvName := fresh(receiverName(idx, g.recv))
	ctxName := fresh("ctx")
	sig := g.sink.Signature()
	names, typs := []string{ctxName}, []string{contextQual + "Context"}
	var args []string
	for i := range sig.Params().Len() {
		v := sig.Params().At(i)
		base := v.Name()
		if base == "" || base == "_" {
			base = "arg"
		}
		name := fresh(base)
		t := p.Conventions.spellEmpty(types.TypeString(v.Type(), qual))
		arg := name
		if sig.Variadic() && i == sig.Params().Len()-1 {
			t = "..." + p.Conventions.spellEmpty(types.TypeString(v.Type().(*types.Slice).Elem(), qual))
			arg += "..."
		}
		names, typs = append(names, name), append(typs, t)
		args = append(args, arg)
	}
	if !qualified {
		return refactor.Method{}, nil, false
	}
	// Consecutive parameters of one type share it, as the sink declares
	// them: eventtype, reason, message string.
	var params []string
	for i := range names {
		if i+1 < len(names) && typs[i+1] == typs[i] {
			params = append(params, names[i])
		} else {
			params = append(params, names[i]+" "+typs[i])
		}
	}
	recorder := strings.Join(append([]string{recvName}, g.path...), ".")
	return refactor.Method{
		File:      file,
		After:     g.after,
		Doc:       g.name + " records the event unless " + ctxName + " is canceled: a reconciliation\nthat shutdown cut short sends no event, and one that timed out still does.",
		Recv:      recvName + " " + types.ExprString(g.after.Recv.List[0].Type),
		Name:      g.name,
		Params:    strings.Join(params, ", "),
		Cancelled: sp.cancelled(ctxName),
		Call:      recorder + "." + g.sink.Name() + "(" + strings.Join(args, ", ") + ")",
	}, imports, true
}

// receiverName is the name the guarded method gives its receiver: the
// one the type's methods give theirs (the most used, the first in source
// order on a tie), else the first letter of the type's name, lowered. A
// method whose receiver is unnamed or blank names none.
func receiverName(idx *callgraph.Graph, recv *types.TypeName) string {
	count := make(map[string]int)
	best := ""
	for _, f := range idx.Funcs {
		if f.Decl == nil || f.Decl.Recv == nil || callgraph.ReceiverType(f.Obj) != recv {
			continue
		}
		names := f.Decl.Recv.List[0].Names
		if len(names) == 0 || names[0].Name == "_" {
			continue
		}
		name := names[0].Name
		count[name]++
		if best == "" || count[name] > count[best] {
			best = name
		}
	}
	if best != "" {
		return best
	}
	if r := []rune(recv.Name()); unicode.IsLetter(r[0]) {
		return string(unicode.ToLower(r[0]))
	}
	return "recv"
}

// methodCall returns the steps that make a finding's call a call of its
// group's method, with the context the call-site fix would check.
func (p *planner) methodCall(g *methodGroup, f *Finding) ([]refactor.Step, bool) {
	ctxName, steps, ok := p.checked(f.Site, f.Check)
	if !ok {
		return nil, false
	}
	return append(steps, g.route(f.Site.Call, ctxName)...), true
}

// route returns the steps that make a call of the group's sink a call of
// its method on the same receiver, passing the context named ctxName:
// r.rec.Eventf(...) becomes r.eventf(ctx, ...).
func (g *methodGroup) route(call *ast.CallExpr, ctxName string) []refactor.Step {
	root := ast.Unparen(call.Fun).(*ast.SelectorExpr).X
	for {
		s, ok := ast.Unparen(root).(*ast.SelectorExpr)
		if !ok {
			break
		}
		root = s.X
	}
	return []refactor.Step{
		refactor.Callee{Call: call, Text: types.ExprString(root) + "." + g.name},
		refactor.Arg{Call: call, Text: ctxName},
	}
}

// methodSteps returns the steps that give the type the group's method,
// none where the package has it: made once per group, so that every fix
// that needs it writes the same text.
func (p *planner) methodSteps(g *methodGroup) ([]refactor.Step, bool) {
	if g.existing != nil {
		return nil, true
	}
	if steps, ok := p.methods[g]; ok {
		return steps, steps != nil
	}
	m, imps, ok := p.methodStep(g)
	var steps []refactor.Step
	if ok {
		steps = []refactor.Step{m, refactor.Imports{File: g.file, Imports: imps}}
	}
	p.methods[g] = steps
	return steps, ok
}

// innerCall returns the steps that make a call inside a helper fixed at
// its depth a call of the group's method, passing the helper's new
// parameter, with the method.
func (p *planner) innerCall(g *methodGroup, site *callgraph.Site, ctxName string) ([]refactor.Step, bool) {
	method, ok := p.methodSteps(g)
	if !ok {
		return nil, false
	}
	return append(slices.Clip(method), g.route(site.Call, ctxName)...), true
}

// methodFixes returns the fix of each finding of a group: the method,
// unless the package has it, and the finding's call made a call of it; a
// finding whose context no check can name there gets none (it has no
// call-site fix either). Each fix is whole on its own, and
// the method's text is the same in all of them, so that a driver that
// applies them all adds it once: a fix that carried every call of the
// group would make the group's fixes together quadratic in its calls.
func (p *planner) methodFixes(g *methodGroup, groupFixes map[*HelperGroup]*refactor.Fix) (map[*Finding]*refactor.Fix, bool) {
	var method []refactor.Step
	if g.helper != nil {
		// The helper takes the context with its group's fix: each call
		// through it carries that fix, which the drivers apply once.
		fix := groupFixes[g.helper]
		if fix == nil {
			return nil, false
		}
		method = append(method, fix.Steps...)
	}
	steps, ok := p.methodSteps(g)
	if !ok {
		return nil, false
	}
	method = append(method, steps...)
	msg := "Emit through " + g.name + ", which checks the context"
	if g.existing == nil {
		msg = "Add " + g.name + ", which checks the context, and emit through it"
	}
	fixes := make(map[*Finding]*refactor.Fix, len(g.findings))
	for _, f := range g.findings {
		call, ok := p.methodCall(g, f)
		if !ok {
			continue // no check can name its context there: no fix at all
		}
		steps := append(slices.Clip(method), call...)
		fixes[f] = &refactor.Fix{Message: msg, Steps: steps}
	}
	return fixes, true
}
