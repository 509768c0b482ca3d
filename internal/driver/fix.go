package driver

import (
	"fmt"
	"go/ast"
	"go/format"
	"io"
	"os"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
)

// A fileEdit is one text edit of a suggested fix, in byte offsets.
type fileEdit struct {
	file       string
	start, end int
	text       string
}

// Fixes are the fixes of a run's findings, merged, ready to be written
// or shown as a diff.
type Fixes struct {
	Files   []FixedFile           // the changed files, by name
	Applied []analysis.Diagnostic // the findings whose fix is in Files

	total, conflicting int // fixes met; fixes left out for conflicts
}

// A FixedFile is a file's content before and after the fixes, formatted
// with gofmt when the result parses.
type FixedFile struct {
	Name     string
	Old, New []byte
}

// MergeFixes merges the first suggested fix of every finding of the root
// actions: the edits of all fixes are merged per file, a fix that
// overlaps one already taken is skipped whole (identical edits, such as
// the same import added twice, merge), fixes to generated files are
// skipped. readFile reads a file's current content.
func MergeFixes(roots []*checker.Action, readFile func(string) ([]byte, error)) (*Fixes, error) {
	type fix struct {
		diag  analysis.Diagnostic
		edits []fileEdit
	}
	var fixes []fix
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
				fixes = append(fixes, fix{d, edits})
			}
		}
	}

	fx := &Fixes{total: len(fixes)}
	taken := make(map[string][]fileEdit)
	for _, f := range fixes {
		if conflicts(taken, f.edits) {
			fx.conflicting++
			continue
		}
		for _, e := range f.edits {
			if !contains(taken[e.file], e) {
				taken[e.file] = append(taken[e.file], e)
			}
		}
		fx.Applied = append(fx.Applied, f.diag)
	}

	names := make([]string, 0, len(taken))
	for name := range taken {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		old, err := readFile(name)
		if err != nil {
			return nil, err
		}
		fixed, err := applyEdits(old, taken[name])
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		if formatted, err := format.Source(fixed); err == nil {
			fixed = formatted
		}
		fx.Files = append(fx.Files, FixedFile{name, old, fixed})
	}
	return fx, nil
}

// Write writes the fixed files.
func (fx *Fixes) Write() error {
	for _, f := range fx.Files {
		if err := os.WriteFile(f.Name, f.New, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// WriteDiff writes a unified diff of each fixed file to w.
func (fx *Fixes) WriteDiff(w io.Writer) error {
	for _, f := range fx.Files {
		if _, err := io.WriteString(w, unifiedDiff(f.Name+" (old)", f.Name+" (new)", string(f.Old), string(f.New))); err != nil {
			return err
		}
	}
	return nil
}

// Err reports the fixes left out for conflicts, as the x/tools drivers
// do: a re-run applies more.
func (fx *Fixes) Err() error {
	if fx.conflicting == 0 {
		return nil
	}
	return fmt.Errorf("applied %d of %d fixes; %d skipped for conflicts. (Re-run the command to apply more.)",
		fx.total-fx.conflicting, fx.total, fx.conflicting)
}

// applyFixes applies the fixes of the root findings, or writes their diff
// to out.
func applyFixes(roots []*checker.Action, printDiff bool, out io.Writer) error {
	fx, err := MergeFixes(roots, os.ReadFile)
	if err != nil {
		return err
	}
	if printDiff {
		err = fx.WriteDiff(out)
	} else {
		err = fx.Write()
	}
	if err != nil {
		return err
	}
	return fx.Err()
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
