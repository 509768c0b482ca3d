package driver

import (
	"bytes"
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/ctxnotify/ctxnotify-lint/internal/diagtext"
)

// printText prints the findings of the root actions as
// [checker.Graph.PrintText] does (errors of the analysis first, then each
// finding once, with its related information and -c's context lines),
// except that a file inside dir, the working directory, is named relative
// to it, as go vet and golangci-lint name it; a file elsewhere keeps its
// absolute path.
func printText(w io.Writer, graph *checker.Graph, contextLines int, dir string) error {
	type key struct {
		pos, end token.Position
		*analysis.Analyzer
		message string
	}
	seen := make(map[key]bool)
	var buf bytes.Buffer
	for act := range graph.All() {
		if act.Err != nil {
			fmt.Fprintf(w, "%s: %v\n", act.Analyzer.Name, act.Err)
			continue
		}
		if !act.IsRoot {
			continue
		}
		fset := act.Package.Fset
		for _, d := range act.Diagnostics {
			k := key{fset.Position(d.Pos), fset.Position(d.End), act.Analyzer, d.Message}
			if seen[k] {
				continue // the same finding in a package's test variant
			}
			seen[k] = true
			printFinding(&buf, fset, contextLines, dir, d)
		}
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// printFinding prints d and its related information, as the x/tools
// drivers do, with paths relative to dir where they lie inside it.
func printFinding(w io.Writer, fset *token.FileSet, contextLines int, dir string, d analysis.Diagnostic) {
	print := func(pos, end token.Pos, message string) {
		fmt.Fprintln(w, diagtext.Line(fset, dir, pos, message))
		if contextLines < 0 {
			return
		}
		posn, last := fset.Position(pos), fset.Position(end)
		if !last.IsValid() {
			last = posn
		}
		data, _ := os.ReadFile(posn.Filename)
		lines := strings.Split(string(data), "\n")
		for i := posn.Line - contextLines; i <= last.Line+contextLines; i++ {
			if 1 <= i && i <= len(lines) {
				fmt.Fprintf(w, "%d\t%s\n", i, lines[i-1])
			}
		}
	}
	print(d.Pos, d.End, d.Message)
	for _, rel := range d.Related {
		print(rel.Pos, rel.End, "\t"+rel.Message)
	}
}

// workingDir returns the directory that the text output names files
// relative to: opts.Dir, the directory the patterns are relative to, or
// else the current directory ("" when it cannot be found: paths stay
// absolute).
func workingDir(opts Options) string {
	dir, err := filepath.Abs(opts.Dir)
	if err != nil {
		return ""
	}
	return dir
}
