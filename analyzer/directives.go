package analyzer

import (
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
)

const ignoreDirective = "//ctxnotify:ignore"

// directive is a //ctxnotify:ignore comment.
type directive struct {
	file    *ast.File
	pos     token.Pos
	reason  string
	ownLine bool // nothing but white space precedes it on its line
}

// directives are the ignore directives of the package's non-test files,
// by file and line.
type directives struct {
	fset   *token.FileSet
	byFile map[*token.File]map[int]directive
	all    []directive // in source order
}

// parseIgnore recognises "//ctxnotify:ignore reason". The reason ends at a
// nested "//", so that another tool's comment may follow it.
func parseIgnore(c *ast.Comment) (directive, bool) {
	rest, ok := strings.CutPrefix(c.Text, ignoreDirective)
	if !ok || rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return directive{}, false
	}
	reason, _, _ := strings.Cut(rest, "//")
	return directive{pos: c.Slash, reason: strings.TrimSpace(reason)}, true
}

// findDirectives returns the ignore directives of the model's files.
func findDirectives(pass *analysis.Pass, m *callgraph.Model) directives {
	d := directives{fset: pass.Fset, byFile: make(map[*token.File]map[int]directive)}
	for _, file := range m.Files {
		d.add(pass, file)
	}
	return d
}

// add records the ignore directives of file.
func (d *directives) add(pass *analysis.Pass, file *ast.File) {
	tf := pass.Fset.File(file.FileStart)
	var src []byte
	for _, group := range file.Comments {
		for _, c := range group.List {
			dir, ok := parseIgnore(c)
			if !ok {
				continue
			}
			if src == nil {
				src, _ = pass.ReadFile(tf.Name())
			}
			dir.file = file
			dir.ownLine = startsLine(src, tf, c.Slash)
			if d.byFile[tf] == nil {
				d.byFile[tf] = make(map[int]directive)
			}
			d.byFile[tf][tf.Line(c.Slash)] = dir
			d.all = append(d.all, dir)
		}
	}
}

// startsLine reports whether only white space precedes pos on its line.
func startsLine(src []byte, tf *token.File, pos token.Pos) bool {
	offset := tf.Offset(pos)
	if len(src) < offset {
		return false
	}
	start := tf.Offset(tf.LineStart(tf.Line(pos)))
	return strings.TrimLeft(string(src[start:offset]), " \t") == ""
}

// ignored reports whether a directive with a reason covers the call: one
// at the end of the call's line, or on a line of its own right above it.
// A directive without a reason suppresses nothing: it is reported itself.
func (d directives) ignored(site *callgraph.Site) bool {
	if site.Dispatch() {
		return false
	}
	tf := d.fset.File(site.Call.Pos())
	lines := d.byFile[tf]
	if lines == nil {
		return false
	}
	line := tf.Line(site.Call.Pos())
	if dir, ok := lines[line]; ok && dir.reason != "" {
		return true
	}
	dir, ok := lines[line-1]
	return ok && dir.ownLine && dir.reason != ""
}

const bareDirectiveMessage = ignoreDirective + " needs a reason: say why this event may be sent during shutdown, e.g. " + ignoreDirective + " sent once at start-up"
