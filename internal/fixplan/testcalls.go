package fixplan

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/ctxnotify/ctxnotify-lint/internal/callee"
	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"

	"github.com/ctxnotify/ctxnotify-lint/internal/refactor"
)

// testCalls finds the calls of the groups' helpers in the package's test
// files (go vet and the test variant of the standalone command see them),
// and the context each passes: the test function's context parameter,
// else context.Background(). A test that uses a helper otherwise (as a
// value, through a method expression), or calls it from a generated file,
// could not be changed with it: its group gets no fix at its depth.
func (hr *helperRules) testCalls(groups map[*callgraph.Func]*HelperGroup) {
	byObj := make(map[*types.Func]*HelperGroup)
	for f, g := range groups {
		byObj[f.Obj] = g
	}
	info := hr.idx.Info
	for fileCur := range hr.m.Inspect.Root().Children() {
		file := fileCur.Node().(*ast.File)
		if hr.m.IsSource(file) {
			continue
		}
		generated := ast.IsGenerated(file)
		callees := make(map[*ast.Ident]bool) // the helpers' names called plainly
		for cur := range fileCur.Preorder((*ast.CallExpr)(nil), (*ast.Ident)(nil)) {
			switch n := cur.Node().(type) {
			case *ast.CallExpr:
				fn, _ := typeutil.Callee(info, n).(*types.Func)
				if fn == nil || byObj[fn.Origin()] == nil || callgraph.IsMethodExpr(info, n) {
					continue
				}
				callees[callee.Ident(n)] = true
				g := byObj[fn.Origin()]
				g.tests = append(g.tests, testCall{call: n, file: file, ctx: testContext(hr.idx.Info, hr.scopes, cur)})
				if generated {
					g.unfixable = true // no fix edits a generated file
				}
			case *ast.Ident:
				if fn, ok := info.Uses[n].(*types.Func); ok && byObj[fn.Origin()] != nil && !callees[n] {
					byObj[fn.Origin()].unfixable = true
				}
			}
		}
	}
}

// testContext names the context a call in a test file passes: the
// context parameter of the innermost function around it that has one
// nothing hides there (the one named ctx, else the first, as the fix
// chooses); "" when there is none.
func testContext(info *types.Info, names *refactor.Scopes, call inspector.Cursor) string {
	pos := call.Node().Pos()
	for cur := range call.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		var ftype *ast.FuncType
		switch fn := cur.Node().(type) {
		case *ast.FuncDecl:
			ftype = fn.Type
		case *ast.FuncLit:
			ftype = fn.Type
		}
		var params []*types.Var
		for _, field := range ftype.Params.List {
			for _, id := range field.Names {
				if v, ok := info.Defs[id].(*types.Var); ok && guardflow.IsContext(v.Type()) {
					params = append(params, v)
				}
			}
		}
		if v := preferredContext(params, func(v *types.Var) bool { return v.Name() != "_" && names.LookupAt(v.Name(), pos) == v }); v != nil {
			return v.Name()
		}
	}
	return ""
}
