package driver

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"os"
	"runtime"
	"sync"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"
)

// typeCheck gives types to the packages of order, the import graph of the
// roots with dependencies first, which go list described (metadata only),
// as go/packages would, except that the
// packages analyse says so are type-checked from source with their
// function bodies and a TypesInfo: the roots and the dependencies
// analysed for their facts (under -deps, every package). parsed holds the
// syntax of some of them.
//
// Every other package comes from export data where it has some, and one
// without (it did not compile) from source, without bodies. Only the
// direct imports of packages checked from source are read; reading them
// fills in the parts of their own dependencies that they mention. Export
// data read after a package it refers to was checked from source uses
// that package's objects (the reader declares only the objects a package
// lacks), so that a dependency analysed for its facts and the roots see
// one object for each of its functions, also through packages in
// between (which go/packages avoids by checking every importer of a
// package from source: much of the graph). It returns how many packages
// it type-checked from source and how many it read from export data.
func typeCheck(fset *token.FileSet, order []*packages.Package, analyse func(*packages.Package) bool, parsed map[*packages.Package]parsedFiles) (fromSource, fromExport int) {

	source := make(map[*packages.Package]bool)
	needTypes := make(map[*packages.Package]bool)
	for _, p := range order {
		p.Fset = fset
		// Every package gets its *types.Package first, so that reading
		// export data fills in the packages it mentions instead of
		// making new ones (as go/packages does).
		if p.PkgPath == "unsafe" {
			p.Types = types.Unsafe
			if analyse(p) { // as go/packages fills it in
				p.Syntax, p.TypesInfo = []*ast.File{}, newTypesInfo()
			}
		} else {
			p.Types = types.NewPackage(p.PkgPath, p.Name)
		}
		src := p.PkgPath != "unsafe" && (analyse(p) || p.ExportFile == "")
		source[p] = src
		if src {
			fromSource++
			for _, imp := range p.Imports {
				needTypes[imp] = true
			}
		}
	}
	for p := range needTypes {
		if !source[p] && p.PkgPath != "unsafe" {
			fromExport++
		}
	}

	var exportMu sync.Mutex // export data reads may fill in any package of the view
	cpu := make(chan struct{}, runtime.GOMAXPROCS(0))
	done := make(map[*packages.Package]chan struct{}, len(order))
	for _, p := range order {
		done[p] = make(chan struct{})
	}
	var wg sync.WaitGroup
	for _, p := range order {
		wg.Go(func() {
			defer close(done[p])
			for _, imp := range p.Imports {
				<-done[imp]
			}
			switch {
			case source[p]:
				cpu <- struct{}{}
				pf, ok := parsed[p]
				if !ok {
					pf.files, pf.errs = parseFiles(fset, p.CompiledGoFiles)
				}
				checkSource(p, fset, analyse(p), pf)
				<-cpu
			case needTypes[p] && p.PkgPath != "unsafe":
				exportMu.Lock()
				err := readExportData(p, fset)
				exportMu.Unlock()
				if err != nil {
					p.Errors = append(p.Errors, packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.UnknownError})
				}
			}
			p.IllTyped = len(p.Errors) > 0
			for _, imp := range p.Imports {
				p.IllTyped = p.IllTyped || imp.IllTyped
			}
		})
	}
	wg.Wait()
	return fromSource, fromExport
}

// postorder returns the packages of the import graph of roots,
// dependencies first.
func postorder(roots []*packages.Package) []*packages.Package {
	var order []*packages.Package
	packages.Visit(roots, nil, func(p *packages.Package) { order = append(order, p) })
	return order
}

// checkSource parses and type-checks p from source: with function bodies
// and a TypesInfo when it is analysed, as go/packages does for the
// packages it loads with syntax; without either when it is only a step
// between export data and a package that is analysed.
func checkSource(p *packages.Package, fset *token.FileSet, analysed bool, pf parsedFiles) {
	files := pf.files
	for _, err := range pf.errs {
		appendError(p, err)
	}
	p.Syntax = files
	if analysed {
		p.TypesInfo = newTypesInfo()
	}
	tc := &types.Config{
		Importer:         importerOf(p),
		IgnoreFuncBodies: !analysed,
		Error:            func(err error) { appendError(p, err) },
		Sizes:            p.TypesSizes,
	}
	if p.Module != nil && p.Module.GoVersion != "" {
		tc.GoVersion = "go" + p.Module.GoVersion
	}
	n := len(p.Errors)
	err := types.NewChecker(tc, fset, p.Types, p.TypesInfo).Files(files)
	if err != nil && len(p.Errors) == n {
		appendError(p, err) // an error that tc.Error did not see
	}
}

func newTypesInfo() *types.Info {
	return &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue),
		Defs:         make(map[*ast.Ident]types.Object),
		Uses:         make(map[*ast.Ident]types.Object),
		Implicits:    make(map[ast.Node]types.Object),
		Instances:    make(map[*ast.Ident]types.Instance),
		Scopes:       make(map[ast.Node]*types.Scope),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection),
		FileVersions: make(map[*ast.File]string),
	}
}

// importerOf resolves p's imports to the packages go list gave it, whose
// types are complete by then.
func importerOf(p *packages.Package) types.Importer {
	return importerFunc(func(path string) (*types.Package, error) {
		if path == "unsafe" {
			return types.Unsafe, nil
		}
		imp := p.Imports[path]
		switch {
		case imp == nil:
			return nil, fmt.Errorf("missing package: %q", path)
		case !imp.Types.Complete():
			return nil, fmt.Errorf("could not load %s: no export data", path)
		}
		return imp.Types, nil
	})
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// readExportData reads p's types from its export data. The view it reads
// them into holds the packages p reaches, so that the objects it refers
// to are the ones every other package sees.
func readExportData(p *packages.Package, fset *token.FileSet) error {
	if p.Types.Complete() {
		return nil
	}
	if p.ExportFile == "" {
		return fmt.Errorf("no export data file")
	}
	f, err := os.Open(p.ExportFile)
	if err != nil {
		return err
	}
	defer f.Close()
	// go list -export names archives until Go 1.29, which go/packages
	// reads with NewReader too.
	r, err := gcexportdata.NewReader(f) //nolint:staticcheck // SA1019: see above

	if err != nil {
		return fmt.Errorf("reading %s: %v", p.ExportFile, err)
	}
	view := make(map[string]*types.Package)
	var visit func(imports map[string]*packages.Package)
	visit = func(imports map[string]*packages.Package) {
		for _, q := range imports {
			if _, seen := view[q.PkgPath]; !seen {
				view[q.PkgPath] = q.Types
				visit(q.Imports)
			}
		}
	}
	visit(p.Imports)
	tpkg, err := gcexportdata.Read(r, fset, view, p.PkgPath)
	if err != nil {
		return fmt.Errorf("reading %s: %v", p.ExportFile, err)
	}
	p.Types = tpkg
	return nil
}

// parseFiles parses the files in parallel, in order, as go/packages does
// (with comments, and every error), keeping the files that parsed at
// least in part.
func parseFiles(fset *token.FileSet, names []string) ([]*ast.File, []error) {
	files := make([]*ast.File, len(names))
	errs := make([]error, len(names))
	var wg sync.WaitGroup
	for i, name := range names {
		wg.Go(func() {
			src, err := os.ReadFile(name)
			if err != nil {
				errs[i] = err
				return
			}
			files[i], errs[i] = parser.ParseFile(fset, name, src, parser.AllErrors|parser.ParseComments)
		})
	}
	wg.Wait()
	var parsed []*ast.File
	var failed []error
	for i := range names {
		if files[i] != nil {
			parsed = append(parsed, files[i])
		}
		if errs[i] != nil {
			failed = append(failed, errs[i])
		}
	}
	return parsed, failed
}

// appendError records err on p as go/packages does: with its kind, and
// type errors in TypeErrors too.
func appendError(p *packages.Package, err error) {
	var (
		pathErr *os.PathError
		list    scanner.ErrorList
		typeErr types.Error
	)
	switch {
	case errors.As(err, &pathErr):
		p.Errors = append(p.Errors, packages.Error{Pos: pathErr.Path + ":1", Msg: pathErr.Err.Error(), Kind: packages.ParseError})
	case errors.As(err, &list):
		for _, e := range list {
			p.Errors = append(p.Errors, packages.Error{Pos: e.Pos.String(), Msg: e.Msg, Kind: packages.ParseError})
		}
	case errors.As(err, &typeErr):
		p.TypeErrors = append(p.TypeErrors, typeErr)
		p.Errors = append(p.Errors, packages.Error{Pos: typeErr.Fset.Position(typeErr.Pos).String(), Msg: typeErr.Msg, Kind: packages.TypeError})
	default:
		p.Errors = append(p.Errors, packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.UnknownError})
	}
}
