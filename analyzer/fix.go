package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

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
// depth, that fix first; then the wrap of the call's statement in
//
//	if !errors.Is(ctx.Err(), context.Canceled) { ... }
//
// The wrap is not offered where it is not safe: a call inside a larger
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
	if fix, ok := fx.wrapFix(f); ok {
		out = append(out, fix)
	}
	return out
}

// wrapFix is the call-site fix.
func (fx *fixer) wrapFix(f *finding) (analysis.SuggestedFix, bool) {
	site := f.site
	stmt, ok := site.stmt.(*ast.ExprStmt)
	if !ok || f.ctx == nil || inGoroutine(site) || f.facts.OperandsConsume {
		return analysis.SuggestedFix{}, false
	}
	ctxName, edits := fx.contextName(site, f.ctx)
	if ctxName == "" {
		return analysis.SuggestedFix{}, false
	}
	check, imports, ok := fx.check(site, ctxName)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	wrap, ok := fx.wrap(site, stmt, check)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	edits = append(edits, wrap)
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

// check returns the opening of the block that skips the event when the
// context named ctxName is cancelled, spelled for the call's place, and
// the imports it needs.
func (fx *fixer) check(site *callSite, ctxName string) (string, []refactor.Import, bool) {
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
	check := "if !" + errorsQual + "Is(" + ctxName + ".Err(), " + contextQual + "Canceled) {"
	return check, append(errorsImport, contextImport...), true
}

// wrap returns the edit that puts the call's statement inside the check's
// block.
func (fx *fixer) wrap(site *callSite, stmt ast.Stmt, check string) (analysis.TextEdit, bool) {
	src, tf, ok := fx.source(stmt.Pos())
	if !ok {
		return analysis.TextEdit{}, false
	}
	return refactor.Wrap(src, tf, site.fn.file, site.stmtCur.Parent().Node(), stmt, check)
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
