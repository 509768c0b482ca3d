package fixplan

import (
	"go/ast"
	"slices"

	"github.com/ctxnotify/ctxnotify-lint/internal/refactor"
)

// bundleMethods makes the guarded methods that the fixes add after one
// declaration go in once under every driver. The drivers keep different
// insertions at one place in the order of their fixes and coalesce only
// identical edits that meet in step: after a fix that adds [event], one
// that adds [eventf, event] would add event a second time. So where a fix
// adds two methods after one declaration (a helper fixed at its depth
// whose events take both), every fix that adds one there adds all of
// them, in one order; where each adds one, the drivers merge them as
// they are.
func (p *planner) bundleMethods(fixes []*refactor.Fix) {
	type added struct {
		methods []refactor.Method
		imports []refactor.Import
	}
	at := make(map[*ast.FuncDecl]*added) // by the declaration they follow
	bundled := make(map[*ast.FuncDecl]bool)
	seen := make(map[*refactor.Fix]bool)
	for _, fix := range fixes {
		if seen[fix] {
			continue
		}
		seen[fix] = true
		count := make(map[*ast.FuncDecl]int)
		for _, st := range fix.Steps {
			m, ok := st.(refactor.Method)
			if !ok {
				continue
			}
			count[m.After]++
			a := at[m.After]
			if a == nil {
				a = new(added)
				at[m.After] = a
			}
			if !slices.ContainsFunc(a.methods, func(o refactor.Method) bool { return o.Name == m.Name }) {
				a.methods = append(a.methods, m)
				a.imports = append(a.imports, p.methodImports(m)...)
			}
		}
		for after, n := range count {
			if n > 1 {
				bundled[after] = true
			}
		}
	}
	if len(bundled) == 0 {
		return
	}
	for fix := range seen {
		var steps []refactor.Step
		done := make(map[*ast.FuncDecl]bool)
		for _, st := range fix.Steps {
			m, ok := st.(refactor.Method)
			switch {
			case !ok || !bundled[m.After]:
				steps = append(steps, st)
			case !done[m.After]:
				done[m.After] = true
				a := at[m.After]
				for _, o := range a.methods {
					steps = append(steps, o)
				}
				steps = append(steps, refactor.Imports{File: m.File, Imports: a.imports})
			}
		}
		fix.Steps = steps
	}
}

// methodImports returns the imports the guarded method m needs, as the
// planner made it.
func (p *planner) methodImports(m refactor.Method) []refactor.Import {
	for _, steps := range p.methods {
		if len(steps) == 2 && steps[0].(refactor.Method).Name == m.Name && steps[0].(refactor.Method).After == m.After {
			return steps[1].(refactor.Imports).Imports
		}
	}
	return nil
}
