package callgraph

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
)

// Model is what every stage reads of the package's syntax: its non-test
// files and which of them are generated, and its function declarations.
// Built once, before the fast path, from the files' declarations only
// (cheap), and never changed.
// Test files are left out of everything here, once: no stage sees them
// but the fix at the helper's depth, which must pass a context at the
// calls of the helpers it changes in them too (tests).
type Model struct {
	Fset      *token.FileSet
	Info      *types.Info
	Pkg       *types.Package
	Files     []*ast.File // the non-test files, in the order of pass.Files
	tests     []*ast.File // the test files, in the same order
	Generated map[*ast.File]bool
	Decls     []Decl // the function declarations with bodies, in source order
	Inspect   *inspector.Inspector
}

// Decl is a function declaration of the package, with its object.
type Decl struct {
	Decl *ast.FuncDecl
	Obj  *types.Func
	file *ast.File
	cur  inspector.Cursor // of decl
}

// NewModel reads the files of the pass.
func NewModel(pass *analysis.Pass) *Model {
	m := &Model{
		Fset:      pass.Fset,
		Info:      pass.TypesInfo,
		Pkg:       pass.Pkg,
		Generated: make(map[*ast.File]bool),
		Inspect:   pass.ResultOf[inspect.Analyzer].(*inspector.Inspector),
	}
	for fileCur := range m.Inspect.Root().Children() {
		file := fileCur.Node().(*ast.File)
		if isTestFile(pass.Fset, file) {
			m.tests = append(m.tests, file)
			continue
		}
		m.Files = append(m.Files, file)
		m.Generated[file] = ast.IsGenerated(file)
		for declCur := range fileCur.Children() {
			if decl, ok := declCur.Node().(*ast.FuncDecl); ok && decl.Body != nil {
				if obj, ok := pass.TypesInfo.Defs[decl.Name].(*types.Func); ok {
					m.Decls = append(m.Decls, Decl{decl, obj, file, declCur})
				}
			}
		}
	}
	return m
}

// IsSource reports whether file is one of the model's: not a test file.
func (m *Model) IsSource(file *ast.File) bool {
	_, ok := m.Generated[file]
	return ok
}

// Compare orders positions as the source does: by file name, then
// offset. token.Pos order follows the order in which the driver happened
// to read the files.
func (m *Model) Compare(a, b token.Pos) int {
	pa, pb := m.Fset.Position(a), m.Fset.Position(b)
	if c := strings.Compare(pa.Filename, pb.Filename); c != 0 {
		return c
	}
	return pa.Offset - pb.Offset
}

// isTestPos reports whether obj is declared in a test file, or nowhere.
func (m *Model) isTestPos(obj types.Object) bool {
	f := m.Fset.File(obj.Pos())
	return f == nil || strings.HasSuffix(f.Name(), "_test.go")
}

func isTestFile(fset *token.FileSet, file *ast.File) bool {
	return strings.HasSuffix(fset.File(file.FileStart).Name(), "_test.go")
}
