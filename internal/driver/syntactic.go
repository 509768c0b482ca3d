package driver

import (
	"go/ast"
	"go/token"
	"slices"
	"strconv"
	"strings"

	"github.com/ctxnotify/ctxnotify-lint/internal/callee"
	"github.com/ctxnotify/ctxnotify-lint/internal/recorders"
)

// syntacticEmitters returns the exported names of the functions and
// methods of the files that may be emitters, judged by their syntax alone:
// those without a context parameter (unless withContext) whose bodies call
// a name that triggers, or one of the others, until nothing changes. A
// method with a recorder method's name and parameter list is left out of
// the result: it is a sink itself.
// Unlike the analyzer's mayEmit (typed, over an analysed package's call graph), it only picks the dependencies to analyse.
func syntacticEmitters(files []*ast.File, triggers *names, withContext bool) map[string]bool {
	type fn struct {
		name  string
		sink  bool // a recorder method's name and parameter list
		calls map[string]bool
	}
	var fns []fn
	for _, f := range files {
		ctxName := importName(f, "context")
		for _, d := range f.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok || decl.Body == nil || !withContext && hasParamOf(decl.Type, ctxName, "Context") {
				continue
			}
			fns = append(fns, fn{
				name:  decl.Name.Name,
				sink:  decl.Recv != nil && recorderShaped(decl, importName(f, recorders.RuntimePackage)),
				calls: calledIn(decl.Body),
			})
		}
	}
	may := make(map[string]bool)
	for changed := true; changed; {
		changed = false
		for _, f := range fns {
			if may[f.name] {
				continue
			}
			for c := range f.calls {
				if triggers.has(c) || may[c] {
					may[f.name] = true
					changed = true
					break
				}
			}
		}
	}
	exported := make(map[string]bool)
	for _, f := range fns {
		if may[f.name] && !f.sink && token.IsExported(f.name) {
			exported[f.name] = true
		}
	}
	return exported
}

// calledNames returns the names the files call: x.Name(...) and
// Name(...).
func calledNames(files []*ast.File) map[string]bool {
	names := make(map[string]bool)
	for _, f := range files {
		for name := range calledIn(f) {
			names[name] = true
		}
	}
	return names
}

func calledIn(n ast.Node) map[string]bool {
	names := make(map[string]bool)
	ast.Inspect(n, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if id := callee.Ident(call); id != nil {
			names[id.Name] = true
		}
		return true
	})
	return names
}

// recorderShaped reports whether the method has a recorder method's name,
// one of its parameter lists (internal/recorders; runtime spelled rt in
// its file) and no results. The test is on the syntax; a type it does not
// recognise makes it false.
func recorderShaped(decl *ast.FuncDecl, rt string) bool {
	shapes := recorders.Shapes[decl.Name.Name]
	if shapes == nil || decl.Type.Results != nil && len(decl.Type.Results.List) > 0 {
		return false
	}
	var params []recorders.Param
	for _, field := range decl.Type.Params.List {
		t, ok := paramOf(field.Type, rt)
		if !ok {
			return false
		}
		for range max(1, len(field.Names)) {
			params = append(params, t)
		}
	}
	for _, shape := range shapes {
		if slices.Equal(params, shape.Params) {
			return true
		}
	}
	return false
}

// paramOf classifies a parameter's type expression.
func paramOf(t ast.Expr, rt string) (recorders.Param, bool) {
	switch t := t.(type) {
	case *ast.Ident:
		return recorders.String, t.Name == "string"
	case *ast.SelectorExpr:
		x, ok := t.X.(*ast.Ident)
		return recorders.Object, ok && rt != "" && x.Name == rt && t.Sel.Name == "Object"
	case *ast.MapType:
		k, kok := paramOf(t.Key, rt)
		v, vok := paramOf(t.Value, rt)
		return recorders.Annotations, kok && vok && k == recorders.String && v == recorders.String
	case *ast.Ellipsis:
		return recorders.Args, isEmptyInterface(t.Elt)
	}
	return 0, false
}

func isEmptyInterface(t ast.Expr) bool {
	switch t := t.(type) {
	case *ast.Ident:
		return t.Name == "any"
	case *ast.InterfaceType:
		return len(t.Methods.List) == 0
	}
	return false
}

// importName returns the name under which f imports path, "" when it
// does not.
func importName(f *ast.File, path string) string {
	for _, imp := range f.Imports {
		if p, err := strconv.Unquote(imp.Path.Value); err != nil || p != path {
			continue
		}
		if imp.Name != nil {
			return imp.Name.Name
		}
		return path[strings.LastIndex(path, "/")+1:]
	}
	return ""
}

// hasParamOf reports whether the function type has a parameter of type
// pkg.name, pkg being the name the file imports the package under.
func hasParamOf(t *ast.FuncType, pkg, name string) bool {
	if pkg == "" || pkg == "_" || pkg == "." {
		return false
	}
	for _, field := range t.Params.List {
		if sel, ok := field.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == name {
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == pkg {
				return true
			}
		}
	}
	return false
}
