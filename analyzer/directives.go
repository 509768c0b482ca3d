package analyzer

import (
	"go/ast"
	"go/token"
	"strings"
)

const ignoreDirective = "//ctxnotify:ignore"

// ignoreComment is a //ctxnotify:ignore directive.
type ignoreComment struct {
	pos    token.Pos
	reason string
}

// parseIgnore recognises "//ctxnotify:ignore reason". The reason ends at a
// nested "//", so that another tool's comment may follow it.
func parseIgnore(c *ast.Comment) (ignoreComment, bool) {
	rest, ok := strings.CutPrefix(c.Text, ignoreDirective)
	if !ok || rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return ignoreComment{}, false
	}
	reason, _, _ := strings.Cut(rest, "//")
	return ignoreComment{c.Slash, strings.TrimSpace(reason)}, true
}

// ignored reports whether a //ctxnotify:ignore directive with a reason
// stands on the call's line or the line above. A directive without a
// reason suppresses nothing: it is reported itself.
func (a *pass) ignored(site *callSite) bool {
	dirs := a.directives(site.fn.file)
	line := a.Fset.Position(site.call.Pos()).Line
	for _, l := range []int{line, line - 1} {
		if d, ok := dirs[l]; ok && d.reason != "" {
			return true
		}
	}
	return false
}

// directives indexes a file's ignore directives by line, once per file.
func (a *pass) directives(file *ast.File) map[int]ignoreComment {
	if dirs, ok := a.ignores[file]; ok {
		return dirs
	}
	dirs := make(map[int]ignoreComment)
	for _, group := range file.Comments {
		for _, c := range group.List {
			if d, ok := parseIgnore(c); ok {
				dirs[a.Fset.Position(c.Slash).Line] = d
			}
		}
	}
	a.ignores[file] = dirs
	return dirs
}

// reportBareDirectives reports, in source order, ignore directives that
// give no reason.
func (a *pass) reportBareDirectives(file *ast.File) {
	for _, group := range file.Comments {
		for _, c := range group.List {
			if d, ok := parseIgnore(c); ok && d.reason == "" {
				a.diagnosef(d.pos, "%s needs a reason: say why this event may be sent during shutdown, e.g. %s sent once at start-up", ignoreDirective, ignoreDirective)
			}
		}
	}
}
