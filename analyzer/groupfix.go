package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxnotify/ctxnotify-lint/internal/refactor"
)

// groupFix returns the fix of a helper group, built once: the same fix for
// every finding at a call of one of its helpers, so that a driver applies
// its edits once. It is nil when an edit cannot be made.
func (fx *fixer) groupFix(g *helperGroup) *analysis.SuggestedFix {
	if fix, ok := fx.groupFixes[g]; ok {
		return fix
	}
	var fix *analysis.SuggestedFix
	if edits, ok := fx.groupEdits(g); ok && !g.unfixable {
		fix = &analysis.SuggestedFix{Message: groupFixMessage(g), TextEdits: edits}
	}
	fx.groupFixes[g] = fix
	return fix
}

// groupFixMessage names the helpers: "Pass ctx to failure and event and
// check it there".
func groupFixMessage(g *helperGroup) string {
	var names []string
	for _, h := range g.helpers {
		names = append(names, h.name())
	}
	list := strings.Join(names, ", ")
	if n := len(names); n > 1 {
		list = strings.Join(names[:n-1], ", ") + " and " + names[n-1]
	}
	return "Pass " + g.param[g.helpers[0]] + " to " + list + " and check it there"
}

// groupEdits are the group's edits: each helper's new parameter, the check
// that skips each event inside the helpers (the guard clause or the wrap,
// as at a call site), and the context passed at every call of a helper,
// in test files too; then the imports they need.
func (fx *fixer) groupEdits(g *helperGroup) ([]analysis.TextEdit, bool) {
	idx := fx.idx
	var edits editSet
	imports := newImportSet()
	for _, h := range g.helpers {
		params := h.decl.Type.Params
		qual, imps, ok := refactor.Qualifier(idx.info, idx.pkg, h.file, fileLookup(idx.info, h.file, params.Pos()), "context", "Context")
		if !ok {
			return nil, false
		}
		imports.add(h.file, imps)
		edits.add(newParam(h, g.param[h]+" "+qual+"Context")...)
	}
	var wrapped [][2]token.Pos // the statements a wrap rewrites; a guard clause rewrites none
	for _, site := range g.wraps {
		stmt := site.stmt.(*ast.ExprStmt)
		cancelled, imps, ok := fx.cancelled(site, g.param[site.fn.outermost()])
		if !ok {
			return nil, false
		}
		skip, ok := fx.skip(site, stmt, cancelled)
		if !ok {
			return nil, false
		}
		imports.add(site.fn.file, imps)
		edits.add(skip)
		wrapped = append(wrapped, [2]token.Pos{skip.Pos, skip.End})
	}
	insert := func(call *ast.CallExpr, arg string) bool {
		for _, r := range wrapped {
			if r[0] <= call.Lparen && call.Lparen < r[1] {
				return false // inside a wrapped statement, whose text the wrap rewrites
			}
		}
		edits.add(insertArg(call, arg))
		return true
	}
	for _, site := range g.passes {
		if !insert(site.call, g.param[site.fn.outermost()]) {
			return nil, false
		}
	}
	for _, c := range g.callers {
		name, named := fx.contextName(c.site, c.ctx)
		if name == "" || !insert(c.site.call, name) {
			return nil, false
		}
		edits.add(named...)
	}
	for _, t := range g.tests {
		arg := t.ctx
		if arg == "" {
			pos := t.call.Pos()
			lookup := func(name string) types.Object { return fx.lookups.lookupAt(name, pos) }
			qual, imps, ok := refactor.Qualifier(idx.info, idx.pkg, t.file, lookup, "context", "Background")
			if !ok {
				return nil, false
			}
			imports.add(t.file, imps)
			arg = qual + "Background()"
		}
		edits.add(insertArg(t.call, arg))
	}
	for _, file := range imports.files {
		edits.add(refactor.AddImports(idx.fset, file, imports.byFile[file])...)
	}
	return edits.list, true
}

// newParam returns the edits that give helper h the parameter param
// first: after the receiver, before the others, which are named _ where
// they are unnamed.
func newParam(h *funcNode, param string) []analysis.TextEdit {
	params := h.decl.Type.Params
	if len(params.List) == 0 {
		at := params.Opening + 1
		return []analysis.TextEdit{{Pos: at, End: at, NewText: []byte(param)}}
	}
	if len(params.List[0].Names) > 0 {
		at := params.List[0].Pos()
		return []analysis.TextEdit{{Pos: at, End: at, NewText: []byte(param + ", ")}}
	}
	var edits []analysis.TextEdit
	for i, field := range params.List {
		text := "_ "
		if i == 0 {
			text = param + ", _ "
		}
		edits = append(edits, analysis.TextEdit{Pos: field.Type.Pos(), End: field.Type.Pos(), NewText: []byte(text)})
	}
	return edits
}

// insertArg returns the edit that passes arg first to call.
func insertArg(call *ast.CallExpr, arg string) analysis.TextEdit {
	if len(call.Args) > 0 {
		arg += ", "
	}
	at := call.Lparen + 1
	return analysis.TextEdit{Pos: at, End: at, NewText: []byte(arg)}
}

// fileLookup resolves names where a file's declarations see them: what a
// signature's types refer to.
func fileLookup(info *types.Info, file *ast.File, pos token.Pos) func(string) types.Object {
	return func(name string) types.Object {
		scope := info.Scopes[file]
		if scope == nil {
			return nil
		}
		_, obj := scope.LookupParent(name, pos)
		return obj
	}
}

// editSet is a fix's edits, each once: several calls in one function name
// its blank context parameter alike.
type editSet struct {
	list []analysis.TextEdit
	seen map[editKey]bool
}

type editKey struct {
	pos, end token.Pos
	text     string
}

func (s *editSet) add(edits ...analysis.TextEdit) {
	if s.seen == nil {
		s.seen = make(map[editKey]bool)
	}
	for _, e := range edits {
		k := editKey{e.Pos, e.End, string(e.NewText)}
		if !s.seen[k] {
			s.seen[k] = true
			s.list = append(s.list, e)
		}
	}
}

// importSet is the imports a fix needs, by file, each once.
type importSet struct {
	files  []*ast.File
	byFile map[*ast.File][]refactor.Import
}

func newImportSet() *importSet { return &importSet{byFile: make(map[*ast.File][]refactor.Import)} }

func (s *importSet) add(file *ast.File, imps []refactor.Import) {
	for _, imp := range imps {
		have, ok := s.byFile[file]
		if !ok {
			s.files = append(s.files, file)
		}
		dup := false
		for _, h := range have {
			dup = dup || h == imp
		}
		if !dup {
			s.byFile[file] = append(have, imp)
		}
	}
}
