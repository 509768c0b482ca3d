package analyzer

import (
	"bytes"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
)

const fixMessage = "Skip the event when the context is cancelled"

// fixer builds the suggested fixes of a package's findings. It names each
// blank or unnamed context parameter once, so that every fix in a function
// uses the same name.
type fixer struct {
	idx        *index
	lookups    *lookups
	sources    map[*token.File][]byte
	paramNames map[*types.Var]string
}

func newFixer(idx *index, names *lookups, findings []*finding) *fixer {
	return &fixer{
		idx:        idx,
		lookups:    names,
		sources:    make(map[*token.File][]byte),
		paramNames: nameBlankParams(idx, names, findings),
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
	if !ok || f.ctx == nil || inGoroutine(site) || consumesInOperands(fx.idx.pass.TypesInfo, site.call) {
		return nil
	}
	pass := fx.idx.pass
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
	errorsQual, errorsImport, ok := qualifier(pass.TypesInfo, pass.Pkg, file, lookup, "errors", "Is")
	if !ok {
		return nil
	}
	contextQual, contextImport, ok := qualifier(pass.TypesInfo, pass.Pkg, file, lookup, "context", "Canceled")
	if !ok {
		return nil
	}
	check := "if !" + errorsQual + "Is(" + ctxName + ".Err(), " + contextQual + "Canceled) {"
	wrap, ok := fx.wrap(site, stmt, check)
	if !ok {
		return nil
	}
	edits = append(edits, wrap)
	edits = append(edits, importEdits(pass.Fset, file, append(errorsImport, contextImport...))...)
	return []analysis.SuggestedFix{{Message: fixMessage, TextEdits: edits}}
}

// consumesInOperands reports whether evaluating the call's function or
// arguments may make a context-consuming call: a check before the
// statement would be stale at the call itself.
func consumesInOperands(info *types.Info, call *ast.CallExpr) bool {
	found := false
	ast.Inspect(call, func(n ast.Node) bool {
		if _, isLit := n.(*ast.FuncLit); isLit || found {
			return false
		}
		inner, ok := n.(*ast.CallExpr)
		if !ok || inner == call {
			return true
		}
		sig, ok := signatureOf(info, inner.Fun)
		if ok && returnsError(sig) {
			for _, a := range inner.Args {
				if isContextType(info.TypeOf(a)) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// wrap returns the edit that puts stmt inside the check's block. A
// statement that starts its line is wrapped where it stands, with the
// comments that end its line; the only statement of a block written on one
// line (defer func() { r.Event(...) }()) gets the block opened up.
func (fx *fixer) wrap(site *callSite, stmt ast.Stmt, check string) (analysis.TextEdit, bool) {
	src, tf, ok := fx.source(stmt.Pos())
	if !ok {
		return analysis.TextEdit{}, false
	}
	indent, startsLine := lineIndent(src, tf, stmt.Pos())
	end, comment := trailingComments(src, tf, site.fn.file, stmt.End())
	if startsLine {
		text := check + "\n" + indent + "\t" + reindent(src, tf, stmt, "\t") + comment + "\n" + indent + "}"
		return analysis.TextEdit{Pos: stmt.Pos(), End: end, NewText: []byte(text)}, true
	}
	block, ok := site.stmtCur.Parent().Node().(*ast.BlockStmt)
	if !ok || len(block.List) != 1 || tf.Line(block.Lbrace) != tf.Line(block.Rbrace) || hasComments(site.fn.file, block) {
		return analysis.TextEdit{}, false
	}
	indent, _ = lineIndent(src, tf, tf.LineStart(tf.Line(block.Lbrace)))
	text := "\n" + indent + "\t" + check + "\n" + indent + "\t\t" + string(src[tf.Offset(stmt.Pos()):tf.Offset(stmt.End())]) +
		"\n" + indent + "\t}\n" + indent
	return analysis.TextEdit{Pos: block.Lbrace + 1, End: block.Rbrace, NewText: []byte(text)}, true
}

// source returns the contents of the file that holds pos, read once per
// file for all its fixes.
func (fx *fixer) source(pos token.Pos) ([]byte, *token.File, bool) {
	tf := fx.idx.pass.Fset.File(pos)
	if tf == nil {
		return nil, nil, false
	}
	src, ok := fx.sources[tf]
	if !ok {
		var err error
		if src, err = fx.idx.pass.ReadFile(tf.Name()); err != nil || len(src) != tf.Size() {
			src = nil
		}
		fx.sources[tf] = src
	}
	return src, tf, src != nil
}

// lineIndent returns the white space before pos on its line, and whether
// only white space precedes pos there.
func lineIndent(src []byte, tf *token.File, pos token.Pos) (string, bool) {
	start := tf.Offset(tf.LineStart(tf.Line(pos)))
	before := string(src[start:tf.Offset(pos)])
	trimmed := strings.TrimLeft(before, " \t")
	return before[:len(before)-len(trimmed)], trimmed == ""
}

// trailingComments returns where the comments that follow end on the
// line of end finish, and their text with the space before them, when
// nothing but those comments follows; else end and "".
func trailingComments(src []byte, tf *token.File, file *ast.File, end token.Pos) (token.Pos, string) {
	line := tf.Line(end)
	i := sort.Search(len(file.Comments), func(i int) bool { return file.Comments[i].Pos() >= end })
	last := end
comments:
	for ; i < len(file.Comments); i++ {
		for _, c := range file.Comments[i].List {
			if tf.Line(c.Slash) != line {
				break comments
			}
			last = c.End()
		}
	}
	if last == end {
		return end, ""
	}
	rest := src[tf.Offset(last):]
	if nl := bytes.IndexByte(rest, '\n'); nl >= 0 {
		rest = rest[:nl] // the rest of the line only: converting the file's rest would cost its size per fix
	}
	if len(bytes.TrimSpace(rest)) != 0 {
		return end, "" // code follows: the comments are not trailing
	}
	return last, string(src[tf.Offset(end):tf.Offset(last)])
}

// hasComments reports whether a comment lies inside the block.
func hasComments(file *ast.File, block *ast.BlockStmt) bool {
	i := sort.Search(len(file.Comments), func(i int) bool { return file.Comments[i].Pos() > block.Lbrace })
	return i < len(file.Comments) && file.Comments[i].Pos() < block.Rbrace
}

// reindent returns stmt's source with extra added after each line break
// outside raw string literals.
func reindent(src []byte, tf *token.File, stmt ast.Stmt, extra string) string {
	start, end := tf.Offset(stmt.Pos()), tf.Offset(stmt.End())
	var raw [][2]int
	ast.Inspect(stmt, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && strings.HasPrefix(lit.Value, "`") {
			raw = append(raw, [2]int{tf.Offset(lit.Pos()), tf.Offset(lit.End())})
		}
		return true
	})
	var b strings.Builder
	for i := start; i < end; i++ {
		b.WriteByte(src[i])
		if src[i] == '\n' && !inRanges(i, raw) {
			b.WriteString(extra)
		}
	}
	return b.String()
}

func inRanges(i int, ranges [][2]int) bool {
	for _, r := range ranges {
		if r[0] <= i && i < r[1] {
			return true
		}
	}
	return false
}
