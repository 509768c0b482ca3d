package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
)

// model is what every stage reads of the package's syntax: its non-test
// files and which of them are generated, its function declarations and
// its ignore directives. Built once, before the fast path, from the
// files' declarations and comments only (cheap), and never changed.
// Test files are left out of everything here, once: no stage sees them
// but the fix at the helper's depth, which must pass a context at the
// calls of the helpers it changes in them too (tests).
type model struct {
	fset      *token.FileSet
	info      *types.Info
	pkg       *types.Package
	files     []*ast.File // the non-test files, in the order of pass.Files
	tests     []*ast.File // the test files, in the same order
	generated map[*ast.File]bool
	decls     []declared // the function declarations with bodies, in source order
	dirs      directives
	inspect   *inspector.Inspector
}

// declared is a function declaration of the package, with its object.
type declared struct {
	decl *ast.FuncDecl
	obj  *types.Func
	file *ast.File
	cur  inspector.Cursor // of decl
}

func newModel(pass *analysis.Pass) *model {
	m := &model{
		fset:      pass.Fset,
		info:      pass.TypesInfo,
		pkg:       pass.Pkg,
		generated: make(map[*ast.File]bool),
		dirs:      directives{fset: pass.Fset, byFile: make(map[*token.File]map[int]directive)},
		inspect:   pass.ResultOf[inspect.Analyzer].(*inspector.Inspector),
	}
	for fileCur := range m.inspect.Root().Children() {
		file := fileCur.Node().(*ast.File)
		if isTestFile(pass.Fset, file) {
			m.tests = append(m.tests, file)
			continue
		}
		m.files = append(m.files, file)
		m.generated[file] = ast.IsGenerated(file)
		for declCur := range fileCur.Children() {
			if decl, ok := declCur.Node().(*ast.FuncDecl); ok && decl.Body != nil {
				if obj, ok := pass.TypesInfo.Defs[decl.Name].(*types.Func); ok {
					m.decls = append(m.decls, declared{decl, obj, file, declCur})
				}
			}
		}
		m.dirs.add(pass, file)
	}
	return m
}

// isSource reports whether file is one of the model's: not a test file.
func (m *model) isSource(file *ast.File) bool {
	_, ok := m.generated[file]
	return ok
}

// compare orders positions as the source does: by file name, then
// offset. token.Pos order follows the order in which the driver happened
// to read the files.
func (m *model) compare(a, b token.Pos) int {
	pa, pb := m.fset.Position(a), m.fset.Position(b)
	if c := strings.Compare(pa.Filename, pb.Filename); c != 0 {
		return c
	}
	return pa.Offset - pb.Offset
}

// isTestPos reports whether obj is declared in a test file, or nowhere.
func (m *model) isTestPos(obj types.Object) bool {
	f := m.fset.File(obj.Pos())
	return f == nil || strings.HasSuffix(f.Name(), "_test.go")
}

func isTestFile(fset *token.FileSet, file *ast.File) bool {
	return strings.HasSuffix(fset.File(file.FileStart).Name(), "_test.go")
}
