package driver

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
	"github.com/ctxnotify/ctxnotify-lint/internal/packagepath"
	"github.com/ctxnotify/ctxnotify-lint/internal/qualname"
	"github.com/ctxnotify/ctxnotify-lint/internal/recorders"
)

// Emitters says which functions may be emitters, for [emittingDeps].
type Emitters struct {
	Calls    []string // the names whose calls may emit: recorder methods and configured sinks
	Packages []string // the packages of the configured sinks
	// Reach are the packages one of which a package must import,
	// directly or not, to emit: runtime (every recorder method has a
	// runtime.Object parameter) and the packages of the configured sinks.
	Reach []string
	// WithContext: a function with a context parameter can be an emitter
	// too, as outside reconcile code under scope reconcile.
	WithContext bool
}

// emittersOf returns what may make an emitter under the analyzer's
// settings: the recorder methods and the configured sinks; and, under
// scope reconcile, functions with a context too.
func emittersOf(c analyzer.Config) *Emitters {
	e := &Emitters{Calls: recorders.Names(), Reach: []string{recorders.RuntimePackage}}
	e.WithContext = c.Scope == analyzer.ScopeReconcile
	for _, name := range c.Sinks {
		// Every package path the name may start with: the last element
		// of a path may hold dots.
		pkgs := qualname.Packages(name)
		e.Packages = append(e.Packages, pkgs...)
		e.Reach = append(e.Reach, pkgs...)
		e.Calls = append(e.Calls, name[strings.LastIndex(name, ".")+1:])
	}
	return e
}

// parsedFiles are the files of a package, parsed, and the errors of
// those that did not parse.
type parsedFiles struct {
	files []*ast.File
	errs  []error
}

// emittingDeps returns the dependencies of roots (order is their import
// graph, dependencies first) whose emitter facts the roots may need (none when e is nil): these are analysed from source.
// It also returns the syntax it parsed on the way (fset holds its
// positions), for the type check.
//
// It follows the analyzer's definition of an emitter by name, over the
// syntax: a function or method without a context parameter whose body
// (closures included) calls a sink or a function that may emit. The
// names that may emit, for a package, are those of e.Calls and those of
// the exported functions and methods that may emit in the packages it
// imports, directly or not. A package none of whose files holds a
// selector call of one of those names (x.Name(...), found without
// parsing) declares no emitter, and neither does the standard library,
// which publishes no Kubernetes events, nor a package that imports none
// of e.Reach: these, most of the graph, are not parsed. A package that
// declares a configured sink is parsed.
//
// A dependency that may declare emitters is then analysed only when a
// root, or a dependency analysed, calls one of them by name. A method
// that has a recorder method's name and parameter list is not counted:
// it is a sink itself, and its calls are judged without its facts.
//
// Names stand for objects, so the test errs on the side of analysing: a
// method of another type, a comment or a string can share a name. Calls
// that the analyzer does not follow (function values, interface methods
// other than emitter methods, whose names are those of their emitting
// implementations) do not make emitters here either.
func emittingDeps(fset *token.FileSet, order, roots []*packages.Package, e *Emitters) (deps map[*packages.Package]bool, parsed map[*packages.Package]parsedFiles) {
	deps = make(map[*packages.Package]bool)
	parsed = make(map[*packages.Package]parsedFiles)
	if e == nil {
		return deps, parsed
	}
	isRoot := make(map[*packages.Package]bool, len(roots))
	for _, p := range roots {
		isRoot[p] = true
	}
	sinks := make(map[string]bool)
	for _, name := range e.Calls {
		sinks[name] = true
	}
	emits := make(map[*packages.Package]map[string]bool) // exported names that may emit in a package
	below := make(map[*packages.Package]map[string]bool) // ... in the packages it imports, directly or not
	reaches := make(map[*packages.Package]bool)          // it is or imports one of e.Reach, directly or not
	var candidates []*packages.Package
	var buf []byte
	sinkNames := newNames(sinks)
	for _, p := range order {
		var visible map[string]bool
		reaches[p] = slices.Contains(e.Reach, p.PkgPath)
		for _, imp := range p.Imports {
			visible = union(visible, below[imp])
			visible = union(visible, emits[imp])
			reaches[p] = reaches[p] || reaches[imp]
		}
		below[p] = visible
		if isRoot[p] || isStandard(p) || !reaches[p] {
			continue
		}
		triggers := sinkNames
		if visible != nil {
			triggers = newNames(sinks, visible)
		}
		var found bool
		if found, buf = callsOne(p.CompiledGoFiles, triggers, buf); !found && !slices.Contains(e.Packages, p.PkgPath) {
			continue
		}
		files, errs := parseFiles(fset, p.CompiledGoFiles)
		parsed[p] = parsedFiles{files, errs}
		if len(errs) > 0 {
			deps[p] = true // a file that does not parse: analyse to be safe
			continue
		}
		if names := syntacticEmitters(files, triggers, e.WithContext); len(names) > 0 {
			emits[p] = names
			candidates = append(candidates, p)
		}
	}

	// Importers come before their imports in reverse order: by the time a
	// candidate is reached, every package that may call it is decided.
	called := make(map[*packages.Package]map[string]bool)
	calls := func(q *packages.Package) map[string]bool {
		if called[q] == nil {
			if _, ok := parsed[q]; !ok { // a root
				files, errs := parseFiles(fset, q.CompiledGoFiles)
				parsed[q] = parsedFiles{files, errs}
			}
			called[q] = calledNames(parsed[q].files)
		}
		return called[q]
	}
	slices.Reverse(candidates)
	for _, p := range candidates {
		above := importersOf(order, p)
		for q := range above {
			if !isRoot[q] && !deps[q] {
				continue
			}
			if intersects(calls(q), emits[p]) {
				deps[p] = true
				break
			}
		}
	}
	// Unparsed syntax of dependencies that are not analysed is not kept.
	for p := range parsed {
		if !isRoot[p] && !deps[p] {
			delete(parsed, p)
		}
	}
	return deps, parsed
}

// importersOf returns the packages of order (dependencies first) that
// import p, directly or not.
func importersOf(order []*packages.Package, p *packages.Package) map[*packages.Package]bool {
	above := make(map[*packages.Package]bool)
	reached := map[*packages.Package]bool{p: true}
	for _, q := range order {
		for _, imp := range q.Imports {
			if reached[imp] {
				reached[q] = true
				above[q] = true
				break
			}
		}
	}
	return above
}

func intersects(a, b map[string]bool) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	for name := range a {
		if b[name] {
			return true
		}
	}
	return false
}

// union returns the union of a and b, which it does not change; one of
// them when the other is empty.
func union(a, b map[string]bool) map[string]bool {
	switch {
	case len(a) == 0:
		return b
	case len(b) == 0:
		return a
	}
	u := make(map[string]bool, len(a)+len(b))
	for name := range a {
		u[name] = true
	}
	for name := range b {
		u[name] = true
	}
	return u
}

// isStandard reports whether p is a package of the standard library:
// outside any module, with a path of the standard library's form.
func isStandard(p *packages.Package) bool {
	return p.Module == nil && packagepath.IsStd(p.PkgPath)
}
