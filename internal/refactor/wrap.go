package refactor

import (
	"bytes"
	"go/ast"
	"go/token"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// wrap returns the edits that put stmt, a statement of file whose source
// is src, inside a block opened by header ("if cond {"). parent is the
// node that holds stmt. A statement that starts its line is wrapped where
// it stands, after the comments that end its line, and its continuation
// lines indented one more tab (not inside raw strings); the only statement
// of a block written on one line (defer func() { r.Event(...) }()) gets the
// block opened up. Anything else is not wrapped. The edits leave stmt's
// own text alone (they insert, or replace the space around it), so that
// the edits of other fixes inside it, a rename or an argument, merge with
// them.
func wrap(src []byte, tf *token.File, file *ast.File, parent ast.Node, stmt ast.Stmt, header string) ([]analysis.TextEdit, bool) {
	indent, startsLine := lineIndent(src, tf, stmt.Pos())
	if startsLine {
		end := trailingComments(src, tf, file, stmt.End())
		edits := []analysis.TextEdit{insert(stmt.Pos(), header+"\n"+indent+"\t")}
		for _, at := range continuationLines(src, tf, stmt) {
			edits = append(edits, insert(at, "\t"))
		}
		return append(edits, insert(end, "\n"+indent+"}")), true
	}
	block, ok := parent.(*ast.BlockStmt)
	if !ok || len(block.List) != 1 || tf.Line(block.Lbrace) != tf.Line(block.Rbrace) || hasComments(file, block) {
		return nil, false
	}
	indent = leadingSpace(src, tf, block.Lbrace)
	return []analysis.TextEdit{
		{Pos: block.Lbrace + 1, End: stmt.Pos(), NewText: []byte("\n" + indent + "\t" + header + "\n" + indent + "\t\t")},
		{Pos: stmt.End(), End: block.Rbrace, NewText: []byte("\n" + indent + "\t}\n" + indent)},
	}, true
}

func insert(at token.Pos, text string) analysis.TextEdit {
	return analysis.TextEdit{Pos: at, End: at, NewText: []byte(text)}
}

// guardClause returns the edit that puts a guard clause, a block opened
// by header ("if cond {") that returns, right before stmt, a statement of
// file whose source is src. stmt keeps its lines: the clause is inserted
// above them, with stmt's indentation, and above the comment lines
// directly over stmt, which stay with it (a directive there stays on the
// line above stmt). A statement that does not start its line gets none.
func guardClause(src []byte, tf *token.File, file *ast.File, stmt ast.Stmt, header string) (analysis.TextEdit, bool) {
	indent, startsLine := lineIndent(src, tf, stmt.Pos())
	if !startsLine {
		return analysis.TextEdit{}, false
	}
	at := tf.LineStart(tf.Line(leadingComments(src, tf, file, stmt.Pos())))
	text := indent + header + "\n" + indent + "\treturn\n" + indent + "}\n"
	return analysis.TextEdit{Pos: at, End: at, NewText: []byte(text)}, true
}

// leadingComments returns where the comment lines directly above pos, a
// position that starts its line, begin: the comment group that ends on
// the line before, with nothing else on its lines; else pos.
func leadingComments(src []byte, tf *token.File, file *ast.File, pos token.Pos) token.Pos {
	i := sort.Search(len(file.Comments), func(i int) bool { return file.Comments[i].End() > pos })
	if i == 0 {
		return pos
	}
	g := file.Comments[i-1]
	between := src[tf.Offset(g.End()):tf.Offset(pos)]
	if tf.Line(g.End())+1 != tf.Line(pos) || len(bytes.TrimSpace(between)) != 0 {
		return pos
	}
	if _, startsLine := lineIndent(src, tf, g.Pos()); !startsLine {
		return pos // it ends the code of its first line
	}
	return g.Pos()
}

// lineIndent returns the white space before pos on its line, and whether
// only white space precedes pos there.
func lineIndent(src []byte, tf *token.File, pos token.Pos) (string, bool) {
	start := tf.Offset(tf.LineStart(tf.Line(pos)))
	before := string(src[start:tf.Offset(pos)])
	trimmed := strings.TrimLeft(before, " \t")
	return before[:len(before)-len(trimmed)], trimmed == ""
}

// leadingSpace returns the white space that starts the line of pos.
func leadingSpace(src []byte, tf *token.File, pos token.Pos) string {
	line := src[tf.Offset(tf.LineStart(tf.Line(pos))):]
	return string(line[:len(line)-len(bytes.TrimLeft(line, " \t"))])
}

// trailingComments returns where the comments that follow end on the
// line of end finish, when nothing but those comments follows; else end.
func trailingComments(src []byte, tf *token.File, file *ast.File, end token.Pos) token.Pos {
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
		return end
	}
	rest := src[tf.Offset(last):]
	if nl := bytes.IndexByte(rest, '\n'); nl >= 0 {
		rest = rest[:nl] // the rest of the line only: converting the file's rest would cost its size per fix
	}
	if len(bytes.TrimSpace(rest)) != 0 {
		return end // code follows: the comments are not trailing
	}
	return last
}

// hasComments reports whether a comment lies inside the block.
func hasComments(file *ast.File, block *ast.BlockStmt) bool {
	i := sort.Search(len(file.Comments), func(i int) bool { return file.Comments[i].Pos() > block.Lbrace })
	return i < len(file.Comments) && file.Comments[i].Pos() < block.Rbrace
}

// continuationLines returns where the lines of stmt after its first
// start, but for empty lines and lines that continue a raw string literal.
func continuationLines(src []byte, tf *token.File, stmt ast.Stmt) []token.Pos {
	start, end := tf.Offset(stmt.Pos()), tf.Offset(stmt.End())
	var raw [][2]int
	ast.Inspect(stmt, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && strings.HasPrefix(lit.Value, "`") {
			raw = append(raw, [2]int{tf.Offset(lit.Pos()), tf.Offset(lit.End())})
		}
		return true
	})
	var lines []token.Pos
	for i := start; i < end; i++ {
		if src[i] == '\n' && src[i+1] != '\n' && !inRanges(i, raw) {
			lines = append(lines, tf.Pos(i+1))
		}
	}
	return lines
}

func inRanges(i int, ranges [][2]int) bool {
	for _, r := range ranges {
		if r[0] <= i && i < r[1] {
			return true
		}
	}
	return false
}

// fold returns the edits that add "&& cond" to the condition of ifs,
// parenthesizing a condition of lower precedence (a || b): insertions
// only, so that an edit inside the condition (a rename) merges with them.
func fold(ifs *ast.IfStmt, cond string) []analysis.TextEdit {
	if b, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr); ok && b.Op == token.LOR && ifs.Cond == ast.Expr(b) {
		return []analysis.TextEdit{insert(ifs.Cond.Pos(), "("), insert(ifs.Cond.End(), ") && "+cond)}
	}
	return []analysis.TextEdit{insert(ifs.Cond.End(), " && "+cond)}
}
