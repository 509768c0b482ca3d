package analyzer

import (
	"go/ast"
	"go/types"

	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
	"github.com/ctxnotify/ctxnotify-lint/internal/fixplan"
	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
)

// What a reviewer of the fix asks about that no finding says (issue 42),
// for the driver's -describe: the events left unguarded because no
// context reaches them, and the contexts and cancel functions the package
// keeps of its own, which may cancel a context a check reads. It is the
// pass's result, which drivers may read: no fact, since no other package
// needs it.

// Review is a package's judgement calls: the events that emit with no
// context in reach (in unexported functions no finding's chain reaches),
// and the contexts and cancel functions it keeps in fields and package
// variables.
type Review struct {
	Unguarded []ReviewPlace // events: Name is the reason, or the call
	Own       []ReviewPlace // contexts and cancel functions kept: Name is Type.field or the variable
}

// ReviewPlace is something at a place: its name, the function it is in
// (for an event), its file and line.
type ReviewPlace struct {
	Name, Func string
	File       string
	Line       int
}

// findReview returns the package's judgement calls, nil where there are
// none. An event is left unguarded where its emitter is reached by no
// finding's chain and runs without a context: it is called by nothing of
// the package, or used as a value (a root), or by another such emitter;
// not where its every call is a Trace event, guarded or ignored. Exported
// functions of a package other than main are left to their importers.
func findReview(idx *callgraph.Graph, em *emitters, j *judge, m *callgraph.Model, findings []*fixplan.Finding, reported func(*ast.File) bool) *Review {
	r := new(Review)
	// The emitters a finding's chain reaches, and those reached from the
	// roots without a context, each through the calls that emit.
	follow := func(from []*callgraph.Func) map[*callgraph.Func]bool {
		seen := make(map[*callgraph.Func]bool)
		work := append([]*callgraph.Func(nil), from...)
		for _, n := range from {
			seen[n] = true
		}
		for len(work) > 0 {
			n := work[len(work)-1]
			work = work[:len(work)-1]
			for _, g := range append([]*callgraph.Func{n}, literalsOf(idx, n)...) {
				for _, site := range g.Calls {
					if t := idx.Target(site); t != nil && !seen[t] && j.verdict(em, site) == emitterCall {
						seen[t] = true
						work = append(work, t)
					}
				}
			}
		}
		return seen
	}
	var fromFindings, roots []*callgraph.Func
	for _, f := range findings {
		if t := idx.Target(f.Site); t != nil {
			fromFindings = append(fromFindings, t)
		}
	}
	for _, f := range idx.Funcs {
		if f.Obj != nil && em.local[f] != nil && (len(idx.Callers[f]) == 0 || f.ValueUse) {
			roots = append(roots, f)
		}
	}
	covered, unguarded := follow(fromFindings), follow(roots)
	for _, f := range idx.Funcs {
		o := f.Outermost()
		if f.Iface || !unguarded[o] || covered[o] || !reported(f.File) || o.Obj == nil || o.Obj.Exported() && m.Pkg.Name() != "main" {
			continue
		}
		for _, site := range f.Calls {
			if !em.isSinkCall(site) || j.verdict(em, site) != emitterCall {
				continue
			}
			name := callText(site.Call)
			if reason, ok := constantReason(idx.Info, site); ok {
				name = reason
			}
			posn := idx.Fset.Position(site.Call.Pos())
			r.Unguarded = append(r.Unguarded, ReviewPlace{Name: name, Func: o.Obj.Name(), File: posn.Filename, Line: posn.Line})
		}
	}
	r.Own = ownContexts(m)
	if len(r.Unguarded) == 0 && len(r.Own) == 0 {
		return nil
	}
	return r
}

// literalsOf returns the literals defined in n, at any depth.
func literalsOf(idx *callgraph.Graph, n *callgraph.Func) []*callgraph.Func {
	var out []*callgraph.Func
	for _, f := range idx.Funcs {
		if f.Lit != nil && f != n && f.Outermost() == n {
			out = append(out, f)
		}
	}
	return out
}

// ownContexts returns the struct fields and package variables of the
// package's non-test files that hold a context or a cancel function.
func ownContexts(m *callgraph.Model) []ReviewPlace {
	var out []ReviewPlace
	kept := func(t types.Type) bool {
		if guardflow.IsContext(t) {
			return true
		}
		named, ok := types.Unalias(t).(*types.Named)
		return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "context" &&
			(named.Obj().Name() == "CancelFunc" || named.Obj().Name() == "CancelCauseFunc")
	}
	add := func(name string, id *ast.Ident) {
		posn := m.Fset.Position(id.Pos())
		out = append(out, ReviewPlace{Name: name, File: posn.Filename, Line: posn.Line})
	}
	for _, file := range m.Files {
		for _, decl := range file.Decls {
			gen, ok := decl.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, spec := range gen.Specs {
				switch spec := spec.(type) {
				case *ast.ValueSpec:
					for _, id := range spec.Names {
						if v, ok := m.Info.Defs[id].(*types.Var); ok && id.Name != "_" && kept(v.Type()) {
							add(id.Name, id)
						}
					}
				case *ast.TypeSpec:
					st, ok := spec.Type.(*ast.StructType)
					if !ok {
						continue
					}
					for _, field := range st.Fields.List {
						for _, id := range field.Names {
							if v, ok := m.Info.Defs[id].(*types.Var); ok && kept(v.Type()) {
								add(spec.Name.Name+"."+id.Name, id)
							}
						}
					}
				}
			}
		}
	}
	return out
}
