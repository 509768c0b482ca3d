package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// newImport is an import the fix adds: path, under name when not "".
type newImport struct {
	name, path string
}

func (imp newImport) spec() string {
	if imp.name == "" {
		return strconv.Quote(imp.path)
	}
	return imp.name + " " + strconv.Quote(imp.path)
}

// qualifier returns how code at pos refers to a member of the package at
// pkgPath ("errors." or "" for a dot import), reusing the file's import
// when its name is not hidden there. Otherwise it picks a free name, the
// package's own or "std"+name, and returns the import to add.
func (a *pass) qualifier(file *ast.File, scope *types.Scope, pos token.Pos, pkgPath, member string) (string, []newImport, bool) {
	for _, spec := range file.Imports {
		if p, _ := strconv.Unquote(spec.Path.Value); p != pkgPath {
			continue
		}
		pkgName := a.TypesInfo.PkgNameOf(spec)
		if pkgName == nil {
			continue // blank import
		}
		if spec.Name != nil && spec.Name.Name == "." {
			if _, obj := scope.LookupParent(member, pos); obj != nil && obj.Pkg() == pkgName.Imported() {
				return "", nil, true
			}
			continue
		}
		if _, obj := scope.LookupParent(pkgName.Name(), pos); obj == pkgName {
			return pkgName.Name() + ".", nil, true
		}
	}
	base := path.Base(pkgPath)
	for i := 0; i < 100; i++ {
		name := base
		switch {
		case i == 1:
			name = "std" + base
		case i > 1:
			name = "std" + base + strconv.Itoa(i)
		}
		if a.freeImportName(file, scope, pos, name) {
			imp := newImport{path: pkgPath}
			if name != base {
				imp.name = name
			}
			return name + ".", []newImport{imp}, true
		}
	}
	return "", nil, false
}

// freeImportName: a new file-level import named name would clash with no
// package-level name or import of the file, and nothing hides it at pos.
func (a *pass) freeImportName(file *ast.File, scope *types.Scope, pos token.Pos, name string) bool {
	if a.Pkg.Scope().Lookup(name) != nil {
		return false
	}
	for _, spec := range file.Imports {
		if pkgName := a.TypesInfo.PkgNameOf(spec); pkgName != nil && pkgName.Name() == name {
			return false
		}
	}
	_, obj := scope.LookupParent(name, pos)
	return obj == nil
}

// importEdits inserts imports into file the way gofmt keeps them: into the
// first parenthesised import declaration, in sorted position within its
// run of specs; else as a declaration of its own after the others or after
// the package clause.
func importEdits(fset *token.FileSet, file *ast.File, imports []newImport) []analysis.TextEdit {
	if len(imports) == 0 {
		return nil
	}
	sort.Slice(imports, func(i, j int) bool { return importLess(imports[i], imports[j]) })
	var decl, lastDecl *ast.GenDecl
	for _, d := range file.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
			lastDecl = g
			if decl == nil && g.Lparen.IsValid() && fset.Position(g.Lparen).Line != fset.Position(g.Rparen).Line {
				decl = g
			}
		}
	}
	if decl == nil {
		var b strings.Builder
		for _, imp := range imports {
			b.WriteString("\nimport " + imp.spec())
		}
		at := file.Name.End()
		text := "\n" + b.String()
		if lastDecl != nil {
			at, text = lastDecl.End(), b.String()
		}
		return []analysis.TextEdit{{Pos: at, End: at, NewText: []byte(text)}}
	}
	inserts := make(map[token.Pos][]string)
	var order []token.Pos
	for _, imp := range imports {
		at := decl.Rparen
		text := "\t" + imp.spec() + "\n"
		for _, s := range decl.Specs {
			spec := s.(*ast.ImportSpec)
			if importLess(imp, existingImport(spec)) {
				at = spec.Pos()
				if spec.Doc != nil {
					at = spec.Doc.Pos()
				}
				text = imp.spec() + "\n\t"
				break
			}
		}
		if _, seen := inserts[at]; !seen {
			order = append(order, at)
		}
		inserts[at] = append(inserts[at], text)
	}
	var edits []analysis.TextEdit
	for _, at := range order {
		edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte(strings.Join(inserts[at], ""))})
	}
	return edits
}

func existingImport(spec *ast.ImportSpec) newImport {
	p, _ := strconv.Unquote(spec.Path.Value)
	imp := newImport{path: p}
	if spec.Name != nil {
		imp.name = spec.Name.Name
	}
	return imp
}

// importLess is gofmt's order: by path, then by name.
func importLess(x, y newImport) bool {
	if x.path != y.path {
		return x.path < y.path
	}
	return x.name < y.name
}
