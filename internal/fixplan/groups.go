package fixplan

import (
	"go/ast"
	"go/token"

	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
)

// groups joins the helpers that call one another, and lists what each
// group's fix edits.
func (hr *helperRules) groups(cand map[*callgraph.Func]bool) map[*callgraph.Func]*HelperGroup {
	if len(cand) == 0 {
		return nil
	}
	leader := make(map[*callgraph.Func]*callgraph.Func) // union-find
	var find func(f *callgraph.Func) *callgraph.Func
	find = func(f *callgraph.Func) *callgraph.Func {
		if l, ok := leader[f]; ok && l != f {
			root := find(l)
			leader[f] = root
			return root
		}
		return f
	}
	for _, f := range hr.idx.Funcs {
		if !cand[f] {
			continue
		}
		for _, g := range hr.nodesOf(f) {
			for _, site := range g.Calls {
				if t := hr.idx.Target(site); t != nil && cand[t] && t != f {
					if a, b := find(f), find(t); a != b {
						leader[b] = a
					}
				}
			}
		}
	}
	out := make(map[*callgraph.Func]*HelperGroup)
	for _, f := range hr.idx.Funcs {
		if !cand[f] {
			continue
		}
		root := find(f)
		g := out[root]
		if g == nil {
			g = &HelperGroup{param: make(map[*callgraph.Func]string)}
			out[root] = g
		}
		out[f] = g
		g.helpers = append(g.helpers, f)
	}
	for _, f := range hr.idx.Funcs {
		if cand[f] {
			hr.fill(out[f], f, cand)
		}
	}
	hr.testCalls(out)
	return out
}

// fill adds what f's part of its group's fix edits: its skips, the calls
// of it (from helpers of the group, which pass their parameter on, and
// from the others), and the name of its new parameter. Every call of a
// helper passes a context, whatever its verdict, or the code would not
// compile.
func (hr *helperRules) fill(g *HelperGroup, f *callgraph.Func, cand map[*callgraph.Func]bool) {
	var at []ast.Node // where the parameter is referred to
	for _, n := range hr.nodesOf(f) {
		for _, site := range n.Calls {
			switch t := hr.idx.Target(site); {
			case t != nil && cand[t]:
				at = append(at, site.Call)
			case t.LiteralOf(f):
			case hr.Detection.Kind(site) == KindEmitter:
				g.skips = append(g.skips, site)
				at = append(at, site.Stmt)
			}
		}
	}
	for _, site := range hr.idx.Callers[f] {
		if cand[site.Fn.Outermost()] {
			g.passes = append(g.passes, site)
		} else {
			g.Callers = append(g.Callers, contextUse{site, hr.contextOf(site)})
		}
	}
	var pos []token.Pos
	for _, n := range at {
		pos = append(pos, n.Pos())
	}
	if g.param[f] = freeContextName(hr.scopes, f, pos); g.param[f] == "" {
		g.unfixable = true
	}
}
