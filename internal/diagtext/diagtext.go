// Package diagtext spells a diagnostic's positions as the x/tools drivers
// print them, "file:line:col: message", with a file inside the working
// directory named relative to it, as go vet and golangci-lint name it. The
// command's text output and the golangci-lint plugin, which folds a
// finding's related information into its message, print the same lines.
package diagtext

import (
	"fmt"
	"go/token"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Line returns "file:line:col: message" for pos, its file relative to dir
// where it lies inside dir.
func Line(fset *token.FileSet, dir string, pos token.Pos, message string) string {
	posn := fset.Position(pos)
	posn.Filename = RelativeTo(dir, posn.Filename)
	return fmt.Sprintf("%s: %s", posn, message)
}

// Related returns d's related information as the drivers print it under
// d: one line per item, its message after a tab, each line preceded by a
// newline.
func Related(fset *token.FileSet, dir string, d analysis.Diagnostic) string {
	var b strings.Builder
	for _, rel := range d.Related {
		b.WriteString("\n")
		b.WriteString(Line(fset, dir, rel.Pos, "\t"+rel.Message))
	}
	return b.String()
}

// RelativeTo returns file relative to dir when file lies inside dir, else
// file unchanged. dir "" leaves every file as it is.
func RelativeTo(dir, file string) string {
	if dir == "" || !filepath.IsAbs(file) {
		return file
	}
	rel, err := filepath.Rel(dir, file)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return file
	}
	return rel
}
