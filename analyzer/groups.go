package analyzer

import (
	"go/ast"
	"go/token"
)

// groups joins the helpers that call one another, and lists what each
// group's fix edits.
func (hr *helperRules) groups(cand map[*funcNode]bool) map[*funcNode]*helperGroup {
	if len(cand) == 0 {
		return nil
	}
	leader := make(map[*funcNode]*funcNode) // union-find
	var find func(f *funcNode) *funcNode
	find = func(f *funcNode) *funcNode {
		if l, ok := leader[f]; ok && l != f {
			root := find(l)
			leader[f] = root
			return root
		}
		return f
	}
	for _, f := range hr.idx.funcs {
		if !cand[f] {
			continue
		}
		for _, g := range hr.nodesOf(f) {
			for _, site := range g.calls {
				if t := hr.idx.target(site); t != nil && cand[t] && t != f {
					if a, b := find(f), find(t); a != b {
						leader[b] = a
					}
				}
			}
		}
	}
	out := make(map[*funcNode]*helperGroup)
	for _, f := range hr.idx.funcs {
		if !cand[f] {
			continue
		}
		root := find(f)
		g := out[root]
		if g == nil {
			g = &helperGroup{param: make(map[*funcNode]string)}
			out[root] = g
		}
		out[f] = g
		g.helpers = append(g.helpers, f)
	}
	for _, f := range hr.idx.funcs {
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
func (hr *helperRules) fill(g *helperGroup, f *funcNode, cand map[*funcNode]bool) {
	var at []ast.Node // where the parameter is referred to
	for _, n := range hr.nodesOf(f) {
		for _, site := range n.calls {
			switch t := hr.idx.target(site); {
			case t != nil && cand[t]:
				at = append(at, site.call)
			case t.literalOf(f):
			case hr.j.verdict(hr.em, site) == emitterCall:
				g.skips = append(g.skips, site)
				at = append(at, site.stmt)
			}
		}
	}
	for _, site := range hr.idx.callers[f] {
		if cand[site.fn.outermost()] {
			g.passes = append(g.passes, site)
		} else {
			g.callers = append(g.callers, contextUse{site, hr.contextOf(site)})
		}
	}
	var pos []token.Pos
	for _, n := range at {
		pos = append(pos, n.Pos())
	}
	if g.param[f] = freeContextName(hr.names, f, pos); g.param[f] == "" {
		g.unfixable = true
	}
}
