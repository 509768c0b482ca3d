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
// uses the same name.
type fixer struct {
	idx        *index
	lookups    *lookups
	readFile   func(string) ([]byte, error) // the pass's
	sources    map[*token.File][]byte
	paramNames map[*types.Var]string
}

func newFixer(readFile func(string) ([]byte, error), idx *index, names *lookups, findings []*finding) *fixer {
	return &fixer{
		idx:        idx,
		lookups:    names,
		readFile:   readFile,
		sources:    make(map[*token.File][]byte),
		paramNames: nameBlankParams(names, findings),
	}
}

// suggest wraps the call's statement in
//
//	if !errors.Is(ctx.Err(), context.Canceled) { ... }
//
// It offers nothing where no such fix is safe: a call inside a larger
// expression or an if/switch header, a defer or go statement, a call in a
// closure started with go (the goroutine may outlive the function, whose
// context is then cancelled, so the check would drop every event), or
// where no usable context can be named at the call.
func (fx *fixer) suggest(f *finding) []analysis.SuggestedFix {
	site := f.site
	stmt, ok := site.stmt.(*ast.ExprStmt)
	if !ok || f.ctx == nil || inGoroutine(site) || f.facts.OperandsConsume {
		return nil
	}
	idx := fx.idx
	pos := stmt.Pos()
	lookup := func(name string) types.Object { return fx.lookups.at(site.fn, name, pos) }
	ctxName, edits := f.ctx.Name(), []analysis.TextEdit(nil)
	if name, ok := fx.paramNames[f.ctx]; ok {
		ctxName = name
		edits = nameParam(paramOwner(site.fn, f.ctx), f.ctx, name)
	}
	if ctxName == "" || ctxName == "_" {
		return nil
	}
	file := site.fn.file
	errorsQual, errorsImport, ok := refactor.Qualifier(idx.info, idx.pkg, file, lookup, "errors", "Is")
	if !ok {
		return nil
	}
	contextQual, contextImport, ok := refactor.Qualifier(idx.info, idx.pkg, file, lookup, "context", "Canceled")
	if !ok {
		return nil
	}
	check := "if !" + errorsQual + "Is(" + ctxName + ".Err(), " + contextQual + "Canceled) {"
	wrap, ok := fx.wrap(site, stmt, check)
	if !ok {
		return nil
	}
	edits = append(edits, wrap)
	edits = append(edits, refactor.AddImports(idx.fset, file, append(errorsImport, contextImport...))...)
	return []analysis.SuggestedFix{{Message: fixMessage, TextEdits: edits}}
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
