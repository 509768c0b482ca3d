package analyzer_test

import (
	"errors"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ctxnotify/ctxnotify-lint/internal/driver"
)

// The one way the tests analyse a source string against the stubs of
// testdata/src: parseSource writes it to a temporary directory (the
// analyzer reads a file back for its fixes, as drivers let it) and parses
// it into the shared file set, or parseInMemory, for the fuzz tests, keeps
// it in memory; checkSource type-checks files as package p,
// keeping the type errors; analyzePackage runs an analyzer on it through
// checker.Analyze (the stubs it imports first, for their facts), and
// analyzeAlone, for the fuzz tests, without analysing the stubs again
// (stubfacts_test.go).

// parseSource writes src as name in dir (a new temporary directory when
// "") and parses it; the file leaves the shared file set when the test
// ends. A file that does not parse at all is nil.
func parseSource(tb testing.TB, dir, name, src string) (*ast.File, error) {
	tb.Helper()
	u := loadStubs()
	if dir == "" {
		dir = tb.TempDir()
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		tb.Fatal(err)
	}
	file, err := parser.ParseFile(u.fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
	if file != nil {
		tf := u.fset.File(file.FileStart)
		tb.Cleanup(func() { u.fset.RemoveFile(tf) })
	}
	return file, err
}

// parseInMemory parses src as the file p.go of a directory that exists
// only in memory, for the fuzz tests, which analyse thousands of files:
// readSource reads it back. The file leaves the shared file set and the
// memory when the test ends. A file that does not parse at all is nil.
func parseInMemory(tb testing.TB, src string) (*ast.File, error) {
	tb.Helper()
	u := loadStubs()
	path := filepath.Join(string(filepath.Separator)+"in-memory", strconv.FormatInt(memoryDirs.Add(1), 10), "p.go")
	file, err := parser.ParseFile(u.fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
	if file != nil {
		memoryFiles.Store(path, []byte(src))
		tf := u.fset.File(file.FileStart)
		tb.Cleanup(func() {
			u.fset.RemoveFile(tf)
			memoryFiles.Delete(path)
		})
	}
	return file, err
}

var (
	memoryDirs  atomic.Int64
	memoryFiles sync.Map // path to content
)

// readSource reads a file parsed by parseInMemory, or else from disk.
func readSource(path string) ([]byte, error) {
	if content, ok := memoryFiles.Load(path); ok {
		return content.([]byte), nil
	}
	return os.ReadFile(path)
}

// checkSource type-checks files as package p against the stubs.
func checkSource(tb testing.TB, files ...*ast.File) (*packages.Package, []error) {
	tb.Helper()
	return loadStubs().check("p", files)
}

// analyzePackage runs a on root and returns the graph; a failed pass on
// any package fails the test.
func analyzePackage(tb testing.TB, a *analysis.Analyzer, root *packages.Package, opts *checker.Options) *checker.Graph {
	tb.Helper()
	graph, err := checker.Analyze([]*analysis.Analyzer{a}, []*packages.Package{root}, opts)
	if err != nil {
		tb.Fatal(err)
	}
	for act := range graph.All() {
		if act.Err != nil {
			tb.Fatalf("%s: %v", act, act.Err)
		}
	}
	return graph
}

// diagnosticsOf returns the findings of root in graph.
func diagnosticsOf(graph *checker.Graph, root *packages.Package) []analysis.Diagnostic {
	var diags []analysis.Diagnostic
	for act := range graph.All() {
		if act.Package == root {
			diags = append(diags, act.Diagnostics...)
		}
	}
	return diags
}

// A run is one of the fuzz tests' three analyses of an input.
type run int

const (
	firstRun  run = iota // checks the encoding of the facts, applies the fixes
	repeatRun            // only finds, to compare with the first run
	fixedRun             // of the fixed source; its fixes must merge too
)

// analyzeAndFix analyses root, whose one file has the source src, alone
// (see analyzeAlone), and, but for a repeatRun, applies every fix that
// merges, as the command's -fix does.
func analyzeAndFix(t *testing.T, a *analysis.Analyzer, root *packages.Package, src string, r run) *analyzed {
	t.Helper()
	file := root.Syntax[0]
	act := analyzeAlone(t, a, root, r == firstRun)
	res := &analyzed{tf: root.Fset.File(file.FileStart), file: file, fixed: []byte(src), diags: act.Diagnostics}
	if r == repeatRun {
		return res
	}
	fixes, err := driver.MergeFixes([]*checker.Action{act}, readSource)
	if err != nil {
		t.Fatalf("applying the fixes: %v\n%s", err, src)
	}
	switch len(fixes.Files) {
	case 0:
	case 1:
		if fixes.Files[0].Name != res.tf.Name() {
			t.Fatalf("a fix edits %s", fixes.Files[0].Name)
		}
		res.fixed = fixes.Files[0].New
	default:
		t.Fatalf("fixes edit %d files", len(fixes.Files))
	}
	for _, sk := range fixes.Skipped {
		if !sk.Benign {
			t.Fatalf("one -fix run must apply every fix: %v\n%s", sk, src)
		}
	}
	res.applied = fixes.Applied
	return res
}

// stubs type-checks the packages of testdata/src once per process; the
// standard library comes from export data, read once per package.
type stubs struct {
	fset    *token.FileSet
	std     types.Importer
	pkgs    map[string]*packages.Package
	stdPkgs map[string]*types.Package
	sizes   types.Sizes
}

var (
	stubsOnce sync.Once
	theStubs  *stubs
)

func loadStubs() *stubs {
	stubsOnce.Do(func() {
		fset := token.NewFileSet()
		theStubs = &stubs{
			fset:    fset,
			std:     importer.ForCompiler(fset, "gc", nil),
			pkgs:    make(map[string]*packages.Package),
			stdPkgs: make(map[string]*types.Package),
			sizes:   types.SizesFor("gc", runtime.GOARCH),
		}
	})
	return theStubs
}

// Import implements types.Importer over the stubs.
func (u *stubs) Import(path string) (*types.Package, error) {
	if p := u.pkgs[path]; p != nil {
		return p.Types, nil
	}
	if p := u.stdPkgs[path]; p != nil {
		return p, nil
	}
	dir := filepath.Join("..", "testdata", "src", filepath.FromSlash(path))
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		p, err := u.std.Import(path)
		if err == nil {
			u.stdPkgs[path] = p
		}
		return p, err
	} else if err != nil {
		return nil, err
	}
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(u.fset, name, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	p, errs := u.check(path, files)
	if len(errs) > 0 {
		return nil, fmt.Errorf("stub %s: %v", path, errs[0])
	}
	u.pkgs[path] = p
	return p.Types, nil
}

// check type-checks files as package path; the stubs it imports become
// its Imports, so that the analyzer runs on them first and facts flow.
func (u *stubs) check(path string, files []*ast.File) (*packages.Package, []error) {
	info := &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue),
		Defs:         make(map[*ast.Ident]types.Object),
		Uses:         make(map[*ast.Ident]types.Object),
		Implicits:    make(map[ast.Node]types.Object),
		Instances:    make(map[*ast.Ident]types.Instance),
		Scopes:       make(map[ast.Node]*types.Scope),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection),
		FileVersions: make(map[*ast.File]string),
	}
	var errs []error
	conf := types.Config{Importer: u, Sizes: u.sizes, Error: func(err error) { errs = append(errs, err) }}
	pkg, err := conf.Check(path, u.fset, files, info)
	if err != nil && len(errs) == 0 {
		errs = append(errs, err) // an error that did not go through conf.Error
	}
	p := &packages.Package{
		ID: path, Name: pkg.Name(), PkgPath: path, Fset: u.fset,
		Syntax: files, Types: pkg, TypesInfo: info, TypesSizes: u.sizes,
		Imports: make(map[string]*packages.Package),
	}
	for _, imp := range pkg.Imports() {
		if dep := u.pkgs[imp.Path()]; dep != nil {
			p.Imports[imp.Path()] = dep
		}
	}
	return p, errs
}
