package main

import (
	"fmt"
	"go/ast"
	"go/format"
	"io"
	"os"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis/checker"
)

// A fileEdit is one text edit of a suggested fix, in byte offsets.
type fileEdit struct {
	file       string
	start, end int
	text       string
}

// applyFixes applies the first suggested fix of every root finding: the
// edits of all fixes are merged per file, a fix that overlaps one already
// taken is skipped whole (identical edits, such as the same import added
// twice or the same finding seen in p and p [p.test], merge), fixes to
// generated files are skipped, and each changed file is gofmt-formatted.
// With printDiff the files stay untouched and a unified diff of each is
// written to out. Skipped conflicting fixes make an error that asks for a
// re-run, as the x/tools drivers do.
func applyFixes(roots []*checker.Action, printDiff bool, out io.Writer) error {
	var fixes [][]fileEdit
	seen := make(map[string]bool)
	for _, act := range roots {
		generated := make(map[string]bool)
		for _, f := range act.Package.Syntax {
			generated[act.Package.Fset.File(f.FileStart).Name()] = ast.IsGenerated(f)
		}
	diagnostics:
		for _, d := range act.Diagnostics {
			if len(d.SuggestedFixes) == 0 {
				continue
			}
			var edits []fileEdit
			for _, e := range d.SuggestedFixes[0].TextEdits {
				tf := act.Package.Fset.File(e.Pos)
				end := e.End
				if !end.IsValid() {
					end = e.Pos
				}
				if generated[tf.Name()] {
					continue diagnostics
				}
				edits = append(edits, fileEdit{tf.Name(), tf.Offset(e.Pos), tf.Offset(end), string(e.NewText)})
			}
			if key := fmt.Sprint(edits); !seen[key] {
				seen[key] = true
				fixes = append(fixes, edits)
			}
		}
	}

	taken := make(map[string][]fileEdit)
	skipped := 0
	for _, fix := range fixes {
		if conflicts(taken, fix) {
			skipped++
			continue
		}
		for _, e := range fix {
			if !contains(taken[e.file], e) {
				taken[e.file] = append(taken[e.file], e)
			}
		}
	}

	files := make([]string, 0, len(taken))
	for f := range taken {
		files = append(files, f)
	}
	sort.Strings(files)
	for _, name := range files {
		old, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		fixed, err := applyEdits(old, taken[name])
		if err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		if formatted, err := format.Source(fixed); err == nil {
			fixed = formatted
		}
		if printDiff {
			if _, err := io.WriteString(out, unifiedDiff(name+" (old)", name+" (new)", string(old), string(fixed))); err != nil {
				return err
			}
			continue
		}
		if err := os.WriteFile(name, fixed, 0o644); err != nil {
			return err
		}
	}
	if skipped > 0 {
		return fmt.Errorf("applied %d of %d fixes; %d skipped for conflicts. (Re-run the command to apply more.)",
			len(fixes)-skipped, len(fixes), skipped)
	}
	return nil
}

// conflicts reports whether an edit of fix overlaps, without being
// identical to, an edit already taken. Two insertions at one offset
// conflict: their order would be arbitrary.
func conflicts(taken map[string][]fileEdit, fix []fileEdit) bool {
	for _, e := range fix {
		for _, t := range taken[e.file] {
			if e == t {
				continue
			}
			if e.start < t.end && t.start < e.end || e.start == t.start {
				return true
			}
		}
	}
	return false
}

func contains(edits []fileEdit, e fileEdit) bool {
	for _, t := range edits {
		if t == e {
			return true
		}
	}
	return false
}

// applyEdits applies non-overlapping edits to src.
func applyEdits(src []byte, edits []fileEdit) ([]byte, error) {
	sorted := append([]fileEdit(nil), edits...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].start < sorted[j].start })
	var sb strings.Builder
	last := 0
	for _, e := range sorted {
		if e.start < last || e.end > len(src) || e.start > e.end {
			return nil, fmt.Errorf("edit %d-%d out of order or range", e.start, e.end)
		}
		sb.Write(src[last:e.start])
		sb.WriteString(e.text)
		last = e.end
	}
	sb.Write(src[last:])
	return []byte(sb.String()), nil
}
