package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// suggestFix wraps the call's statement in
//
//	if !errors.Is(ctx.Err(), context.Canceled) { ... }
//
// It offers nothing where no such fix is safe: a call inside a larger
// expression or an if/switch header, a defer or go statement, or a call in
// a closure started with go (the goroutine may outlive the function, whose
// context is then cancelled, so the guard would drop every event).
func (a *pass) suggestFix(site *callSite, ctx *types.Var) []analysis.SuggestedFix {
	stmt, ok := site.stmt.(*ast.ExprStmt)
	if !ok {
		return nil
	}
	for g := site.fn; g.lit != nil; g = g.parent {
		if g.invoked != nil && g.invoked.spawned() {
			return nil
		}
	}
	indent, ok := a.lineIndent(stmt)
	if !ok {
		return nil
	}
	scope := a.Pkg.Scope().Innermost(stmt.Pos())
	ctxName, edits, ok := a.contextName(ctx, scope, stmt.Pos())
	if !ok {
		return nil
	}
	errorsQual, errorsImport, ok := a.qualifier(site.fn.file, scope, stmt.Pos(), "errors", "Is")
	if !ok {
		return nil
	}
	contextQual, contextImport, ok := a.qualifier(site.fn.file, scope, stmt.Pos(), "context", "Canceled")
	if !ok {
		return nil
	}
	end, comment := a.trailingComment(site.fn.file, stmt)
	text := "if !" + errorsQual + "Is(" + ctxName + ".Err(), " + contextQual + "Canceled) {\n" +
		indent + "\t" + a.reindent(stmt, "\t") + comment + "\n" + indent + "}"
	edits = append(edits, analysis.TextEdit{Pos: stmt.Pos(), End: end, NewText: []byte(text)})
	edits = append(edits, importEdits(a.Fset, site.fn.file, append(errorsImport, contextImport...))...)
	return []analysis.SuggestedFix{{Message: fixMessage, TextEdits: edits}}
}

// trailingComment returns the end of a comment that follows stmt on its
// line, and that comment, so that it stays with the statement.
func (a *pass) trailingComment(file *ast.File, stmt ast.Stmt) (token.Pos, string) {
	line := a.Fset.Position(stmt.End()).Line
	for _, group := range file.Comments {
		if group.Pos() >= stmt.End() && a.Fset.Position(group.Pos()).Line == line {
			c := group.List[len(group.List)-1]
			if a.Fset.Position(c.End()).Line == line && strings.HasPrefix(c.Text, "//") {
				return c.End(), " " + c.Text
			}
		}
	}
	return stmt.End(), ""
}

// lineIndent returns the white space before stmt when stmt starts its line.
func (a *pass) lineIndent(stmt ast.Stmt) (string, bool) {
	src, tf, ok := a.source(stmt.Pos())
	if !ok {
		return "", false
	}
	offset := tf.Offset(stmt.Pos())
	lineStart := tf.Offset(tf.LineStart(tf.Line(stmt.Pos())))
	indent := string(src[lineStart:offset])
	if strings.Trim(indent, " \t") != "" {
		return "", false
	}
	return indent, true
}

// reindent returns stmt's source with extra added after each line break
// outside raw string literals.
func (a *pass) reindent(stmt ast.Stmt, extra string) string {
	src, tf, _ := a.source(stmt.Pos())
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

func (a *pass) source(pos token.Pos) ([]byte, *token.File, bool) {
	tf := a.Fset.File(pos)
	if tf == nil {
		return nil, nil, false
	}
	src, ok := a.sources[tf]
	if !ok {
		var err error
		if src, err = a.ReadFile(tf.Name()); err != nil || len(src) != tf.Size() {
			src = nil
		}
		a.sources[tf] = src // read once per file, for all its fixes
	}
	return src, tf, src != nil
}

// contextName returns how the fix refers to ctx at pos. A blank or unnamed
// parameter is given a free name, "ctx" if possible.
func (a *pass) contextName(ctx *types.Var, scope *types.Scope, pos token.Pos) (string, []analysis.TextEdit, bool) {
	if name := ctx.Name(); name != "" && name != "_" {
		if _, obj := scope.LookupParent(name, pos); obj == ctx {
			return name, nil, true
		} else if v, ok := obj.(*types.Var); ok && isContextType(v.Type()) && !a.neverCancelledVar(v) {
			return name, nil, true // shadowed by a context derived from it
		}
		return "", nil, false
	}
	owner := a.paramOwner(ctx)
	if owner == nil {
		return "", nil, false
	}
	for i := 1; ; i++ {
		name := "ctx"
		if i > 1 {
			name += strconv.Itoa(i)
		}
		if a.freeParamName(owner, name, scope, pos) {
			return name, nameParam(owner, ctx, name), true
		}
	}
}

// paramOwner finds the function that declares ctx as a parameter.
func (a *pass) paramOwner(ctx *types.Var) *funcInfo {
	for _, f := range a.funcs {
		for _, p := range contextParams(f) {
			if p == ctx {
				return f
			}
		}
	}
	return nil
}

// freeParamName: naming a parameter of f name neither clashes with its
// other parameters nor hides an outer name f uses, and no declaration
// inside f hides it at pos.
func (a *pass) freeParamName(f *funcInfo, name string, scope *types.Scope, pos token.Pos) bool {
	for _, tuple := range []*types.Tuple{f.sig.Params(), f.sig.Results()} {
		for i := range tuple.Len() {
			if tuple.At(i).Name() == name {
				return false
			}
		}
	}
	if f.sig.Recv() != nil && f.sig.Recv().Name() == name {
		return false
	}
	if _, obj := scope.LookupParent(name, pos); obj != nil && f.body.Pos() <= obj.Pos() && obj.Pos() < f.body.End() {
		return false
	}
	free := true
	ast.Inspect(f.body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == name {
			if obj := a.TypesInfo.Uses[id]; obj != nil && !(f.body.Pos() <= obj.Pos() && obj.Pos() < f.body.End()) {
				free = false
			}
		}
		return free
	})
	return free
}

// nameParam gives the context parameter ctx of f the name; when f's
// parameters are unnamed, the others are named "_".
func nameParam(f *funcInfo, ctx *types.Var, name string) []analysis.TextEdit {
	var params *ast.FieldList
	if f.decl != nil {
		params = f.decl.Type.Params
	} else {
		params = f.lit.Type.Params
	}
	var edits []analysis.TextEdit
	i := 0
	for _, field := range params.List {
		if len(field.Names) == 0 {
			newName := "_ "
			if f.sig.Params().At(i) == ctx {
				newName = name + " "
			}
			edits = append(edits, analysis.TextEdit{Pos: field.Type.Pos(), End: field.Type.Pos(), NewText: []byte(newName)})
			i++
			continue
		}
		for _, id := range field.Names {
			if f.sig.Params().At(i) == ctx {
				edits = append(edits, analysis.TextEdit{Pos: id.Pos(), End: id.End(), NewText: []byte(name)})
			}
			i++
		}
	}
	return edits
}
