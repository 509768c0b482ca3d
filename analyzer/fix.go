package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/ctxnotify/ctxnotify-lint/internal/refactor"
)

const fixMessage = "Skip the event when the context is cancelled"

// fixer builds the suggested fixes of a package's findings. It names each
// blank or unnamed context parameter once, so that every fix in a function
// uses the same name, and builds each helper group's fix once, for all
// the findings at calls of its helpers.
type fixer struct {
	idx        *index
	lookups    *lookups
	readFile   func(string) ([]byte, error) // the pass's
	sources    map[*token.File][]byte
	paramNames map[*types.Var]string
	groups     map[*funcNode]*helperGroup
	groupFixes map[*helperGroup]*analysis.SuggestedFix // nil when a group's fix cannot be built
}

func newFixer(readFile func(string) ([]byte, error), idx *index, names *lookups, findings []*finding, groups map[*funcNode]*helperGroup) *fixer {
	var uses []contextUse
	for _, f := range findings {
		uses = append(uses, contextUse{f.site, f.ctx})
	}
	for _, g := range uniqueGroups(idx, groups) {
		uses = append(uses, g.callers...)
	}
	return &fixer{
		idx:        idx,
		lookups:    names,
		readFile:   readFile,
		sources:    make(map[*token.File][]byte),
		paramNames: nameBlankParams(names, uses),
		groups:     groups,
		groupFixes: make(map[*helperGroup]*analysis.SuggestedFix),
	}
}

// suggest returns a finding's fixes: for a call of a helper fixed at its
// depth, that fix first; then the call-site fix, which skips the call's
// statement when the context is cancelled: the guard clause
//
//	if errors.Is(ctx.Err(), context.Canceled) {
//		return
//	}
//
// right before it where the statement ends its function, else the wrap
// in if !errors.Is(ctx.Err(), context.Canceled) { ... }.
//
// The fix is not offered where it is not safe: a call inside a larger
// expression or an if/switch header, a defer or go statement, a call in a
// closure started with go (the goroutine may outlive the function, whose
// context is then cancelled, so the check would drop every event), or
// where no usable context can be named at the call.
func (fx *fixer) suggest(f *finding) []analysis.SuggestedFix {
	var out []analysis.SuggestedFix
	if t := fx.idx.target(f.site); t != nil && fx.groups[t] != nil {
		if fix := fx.groupFix(fx.groups[t]); fix != nil {
			out = append(out, *fix)
		}
	}
	if fix, ok := fx.callSiteFix(f); ok {
		out = append(out, fix)
	}
	return out
}

// callSiteFix is the check at the call: the guard clause or the wrap.
func (fx *fixer) callSiteFix(f *finding) (analysis.SuggestedFix, bool) {
	site := f.site
	stmt, ok := site.stmt.(*ast.ExprStmt)
	if !ok || f.ctx == nil || inGoroutine(site) || f.facts.OperandsConsume {
		return analysis.SuggestedFix{}, false
	}
	ctxName, edits := fx.contextName(site, f.ctx)
	if ctxName == "" {
		return analysis.SuggestedFix{}, false
	}
	cancelled, imports, ok := fx.cancelled(site, ctxName)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	skip, ok := fx.skip(site, stmt, cancelled)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	edits = append(edits, skip)
	edits = append(edits, refactor.AddImports(fx.idx.fset, site.fn.file, imports)...)
	return analysis.SuggestedFix{Message: fixMessage, TextEdits: edits}, true
}

// contextName returns the name under which the call refers to ctx, and
// the edits that name it where it is a blank or unnamed parameter; "" when
// it cannot be named.
func (fx *fixer) contextName(site *callSite, ctx *types.Var) (string, []analysis.TextEdit) {
	name, edits := ctx.Name(), []analysis.TextEdit(nil)
	if n, ok := fx.paramNames[ctx]; ok {
		name = n
		edits = nameParam(paramOwner(site.fn, ctx), ctx, n)
	}
	if name == "" || name == "_" {
		return "", nil
	}
	return name, edits
}

// cancelled returns the condition that the context named ctxName is
// cancelled, spelled for the call's place, and the imports it needs.
func (fx *fixer) cancelled(site *callSite, ctxName string) (string, []refactor.Import, bool) {
	idx := fx.idx
	pos := site.stmt.Pos()
	lookup := func(name string) types.Object { return fx.lookups.at(site.fn, name, pos) }
	file := site.fn.file
	errorsQual, errorsImport, ok := refactor.Qualifier(idx.info, idx.pkg, file, lookup, "errors", "Is")
	if !ok {
		return "", nil, false
	}
	contextQual, contextImport, ok := refactor.Qualifier(idx.info, idx.pkg, file, lookup, "context", "Canceled")
	if !ok {
		return "", nil, false
	}
	cond := errorsQual + "Is(" + ctxName + ".Err(), " + contextQual + "Canceled)"
	return cond, append(errorsImport, contextImport...), true
}

// skip returns the edit that skips the call's statement when cancelled
// holds: the guard clause right before it where the statement ends its
// function (it leaves the statement's lines alone), else the wrap. A
// statement that does not start its line keeps the wrap, which can open
// up a one-line block.
func (fx *fixer) skip(site *callSite, stmt ast.Stmt, cancelled string) (analysis.TextEdit, bool) {
	src, tf, ok := fx.source(stmt.Pos())
	if !ok {
		return analysis.TextEdit{}, false
	}
	file := site.fn.file
	if endsFunction(site.stmtCur) {
		if edit, ok := refactor.GuardClause(src, tf, file, stmt, "if "+cancelled+" {"); ok {
			return edit, true
		}
	}
	return refactor.Wrap(src, tf, file, site.stmtCur.Parent().Node(), stmt, "if !"+cancelled+" {")
}

// endsFunction reports whether the statement at cur is the last thing its
// innermost function (declaration or literal) does on its path, and that
// function has no results: a return there skips exactly the statement
// (deferred calls run either way). The statement, or an if, switch or
// labeled statement that holds it at the end of a branch, recursively,
// must end the function's body or be followed only by a bare return; a
// for, range or select on the way, or a fallthrough after it, keeps the
// wrap. So does a label on the statement itself: the clause would come
// between the label and its statement.
func endsFunction(cur inspector.Cursor) bool {
	if cur.ParentEdgeKind() == edge.LabeledStmt_Stmt {
		return false
	}
	returns := false // a bare return follows: what comes after the enclosing statements never runs
	for ; ; cur = cur.Parent() {
		switch cur.ParentEdgeKind() {
		case edge.FuncDecl_Body:
			return cur.Parent().Node().(*ast.FuncDecl).Type.Results.NumFields() == 0
		case edge.FuncLit_Body:
			return cur.Parent().Node().(*ast.FuncLit).Type.Results.NumFields() == 0
		case edge.BlockStmt_List, edge.CaseClause_Body:
			if _, ok := cur.Node().(*ast.CaseClause); ok || returns {
				continue // after a case's body, control leaves the switch
			}
			if next, ok := cur.NextSibling(); ok {
				if _, more := next.NextSibling(); more || !isBareReturn(next.Node()) {
					return false
				}
				returns = true
			}
		case edge.IfStmt_Body, edge.IfStmt_Else, edge.SwitchStmt_Body, edge.TypeSwitchStmt_Body, edge.LabeledStmt_Stmt:
			// control goes on after the if, switch or labeled statement
		default:
			return false // a loop, a select, a header
		}
	}
}

func isBareReturn(n ast.Node) bool {
	ret, ok := n.(*ast.ReturnStmt)
	return ok && len(ret.Results) == 0
}

// source returns the contents of the file that holds pos, read once per
// file for all its fixes.
func (fx *fixer) source(pos token.Pos) ([]byte, *token.File, bool) {
	tf := fx.idx.fset.File(pos)
	if tf == nil {
		return nil, nil, false
	}
	src, ok := fx.sources[tf]
	if !ok {
		var err error
		if src, err = fx.readFile(tf.Name()); err != nil || len(src) != tf.Size() {
			src = nil
		}
		fx.sources[tf] = src
	}
	return src, tf, src != nil
}
