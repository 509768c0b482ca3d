package refactor

import (
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxnotify/ctxnotify-lint/internal/packagepath"
)

// Import is an import to add: Path, under Name when not "".
type Import struct {
	Name, Path string
}

func (imp Import) spec() string {
	if imp.Name == "" {
		return strconv.Quote(imp.Path)
	}
	return imp.Name + " " + strconv.Quote(imp.Path)
}

// Qualifier returns how code refers to a member of the package at pkgPath
// ("errors." or "" for a dot import) where lookup resolves names, reusing
// the file's import when lookup finds its name unhidden. Otherwise it picks a free name, the
// package's own or "std"+name, and returns the import to add.
func Qualifier(info *types.Info, pkg *types.Package, file *ast.File, lookup func(string) types.Object, pkgPath, member string) (string, []Import, bool) {
	return qualifier(info, pkg, file, lookup, pkgPath, path.Base(pkgPath), member)
}

// TypeQualifier is Qualifier for the types of the package imported, which
// a new import names by the package's own name (runtime for
// k8s.io/apimachinery/pkg/runtime).
func TypeQualifier(info *types.Info, pkg *types.Package, file *ast.File, lookup func(string) types.Object, imported *types.Package) (string, []Import, bool) {
	return qualifier(info, pkg, file, lookup, imported.Path(), imported.Name(), "")
}

func qualifier(info *types.Info, pkg *types.Package, file *ast.File, lookup func(string) types.Object, pkgPath, base, member string) (string, []Import, bool) {
	for _, spec := range file.Imports {
		if p, _ := strconv.Unquote(spec.Path.Value); p != pkgPath {
			continue
		}
		pkgName := info.PkgNameOf(spec)
		if pkgName == nil {
			continue // blank import
		}
		if spec.Name != nil && spec.Name.Name == "." {
			if obj := lookup(member); obj != nil && obj.Pkg() == pkgName.Imported() {
				return "", nil, true
			}
			continue
		}
		if lookup(pkgName.Name()) == pkgName {
			return pkgName.Name() + ".", nil, true
		}
	}
	free := func(name string) bool { return freeImportName(info, pkg, file, lookup, name) }
	name := base
	if !free(name) {
		var ok bool
		if name, ok = FreshName("std"+base, free); !ok {
			return "", nil, false
		}
	}
	imp := Import{Path: pkgPath}
	if name != path.Base(pkgPath) {
		imp.Name = name
	}
	return name + ".", []Import{imp}, true
}

// AddImports inserts imports into file the way gofmt and goimports keep
// them: into the first parenthesised import declaration, in sorted position
// within its run of standard library specs, or of other modules' (a group
// of their own where there is none); else as a declaration of its own
// after the others or after the package clause.
func AddImports(fset *token.FileSet, file *ast.File, imports []Import) []analysis.TextEdit {
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
		run, ok := importRun(fset, decl, packagepath.IsStd(imp.Path))
		at, text := run[len(run)-1].End(), "\n\t"+imp.spec()
		if !ok {
			text = "\n" + text // a group of its own after the others
		}
		for _, spec := range run {
			if importLess(imp, existingImport(spec)) {
				at, text = specStart(spec), imp.spec()+"\n\t"
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

// importRun returns the run of consecutive specs (gofmt sorts each run on
// its own) that a new import joins: for the standard library, the first
// run holding one, else the first run; for another, the first run that
// holds one of another module; else the last run, and false: it starts a
// group of its own after it.
func importRun(fset *token.FileSet, decl *ast.GenDecl, std bool) ([]*ast.ImportSpec, bool) {
	var runs [][]*ast.ImportSpec
	lastLine := -1
	for _, s := range decl.Specs {
		spec := s.(*ast.ImportSpec)
		if line := fset.Position(specStart(spec)).Line; len(runs) == 0 || line > lastLine+1 {
			runs = append(runs, nil)
		}
		runs[len(runs)-1] = append(runs[len(runs)-1], spec)
		lastLine = fset.Position(spec.End()).Line
	}
	for _, run := range runs {
		for _, spec := range run {
			if packagepath.IsStd(existingImport(spec).Path) == std {
				return run, true
			}
		}
	}
	if std {
		return runs[0], true
	}
	return runs[len(runs)-1], false
}

func specStart(spec *ast.ImportSpec) token.Pos {
	if spec.Doc != nil {
		return spec.Doc.Pos()
	}
	return spec.Pos()
}

func existingImport(spec *ast.ImportSpec) Import {
	p, _ := strconv.Unquote(spec.Path.Value)
	imp := Import{Path: p}
	if spec.Name != nil {
		imp.Name = spec.Name.Name
	}
	return imp
}

// importLess is gofmt's order: by path, then by name.
func importLess(x, y Import) bool {
	if x.Path != y.Path {
		return x.Path < y.Path
	}
	return x.Name < y.Name
}
