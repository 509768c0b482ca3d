package driver

import (
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"io"
	"maps"
	"os"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
)

// Fixes are the suggested fixes of a run's findings, merged as go vet
// -fix merges them, ready to be written or shown as a diff.
type Fixes struct {
	Files   []FixedFile           // the changed files, sorted by name
	Applied []analysis.Diagnostic // the findings whose fix is in Files
	Skipped []SkippedFix          // the fixes left out, and why

	total int // fixes met: the first of each finding that has one
}

// A FixedFile is a file's content before and after the fixes. The result
// is gofmt-formatted when it parses.
type FixedFile struct {
	Name     string
	Old, New []byte
}

// A SkippedFix is a fix left out of the merge.
type SkippedFix struct {
	Posn   token.Position // the finding's
	Fix    string         // the fix's message
	Reason string
	// Benign: the fix edits a generated file, or is an alternative fix of
	// a finding (only the first is applied). Others (conflicts, files that
	// cannot be read) make the run fail, asking for a re-run.
	Benign bool
}

func (s SkippedFix) String() string {
	return fmt.Sprintf("%s: fix %q skipped: %s", s.Posn, s.Fix, s.Reason)
}

// MergeFixes merges the first suggested fix of every finding of the
// root actions, in order, with the policy of go vet -fix, go fix and the
// x/tools checker (driverutil.ApplyFixes in golang.org/x/tools):
//
//   - a fix is applied whole or not at all;
//   - a fix that edits a generated file is skipped;
//   - each fix is merged into the edits of the fixes accepted before it,
//     file by file, by [mergeEdits]: edits that do not overlap are all
//     applied, identical edits once, and a fix with an edit that
//     conflicts with an accepted one is left out (a re-run of the command
//     applies it, if it still applies). Unlike x/tools, two different
//     insertions at one offset conflict;
//   - a file whose size differs from the one analyzed was changed
//     meanwhile: MergeFixes fails, and nothing is written;
//   - each fixed file is formatted with gofmt.
//
// readFile reads a file's content, as analyzed.
func MergeFixes(roots []*checker.Action, readFile func(string) ([]byte, error)) (*Fixes, error) {
	fx := new(Fixes)
	generated := make(map[*token.File]bool)
	baseline := make(map[string][]byte)
	taken := make(map[string][]edit) // the merged edits of the accepted fixes, per file
	for _, act := range roots {
		fset := act.Package.Fset
		for _, f := range act.Package.Syntax {
			generated[fset.File(f.FileStart)] = ast.IsGenerated(f)
		}
		for _, d := range act.Diagnostics {
			for i, fix := range d.SuggestedFixes {
				skip := func(reason string, benign bool) {
					fx.Skipped = append(fx.Skipped, SkippedFix{fset.Position(d.Pos), fix.Message, reason, benign})
				}
				if i > 0 {
					skip(alternativeFix, true)
					continue
				}
				fx.total++
				edits, reason, err := fixEdits(fset, fix, generated, baseline, readFile)
				switch {
				case err != nil:
					return nil, err
				case reason != "":
					skip(reason, reason == editsGenerated)
					continue
				}
				merged := make(map[string][]edit, len(edits))
				for name, e := range edits {
					m, ok := mergeEdits(taken[name], e)
					if !ok {
						reason = "it conflicts with the fix of another finding"
						break
					}
					merged[name] = m
				}
				if reason != "" {
					skip(reason, false)
					continue
				}
				maps.Copy(taken, merged)
				fx.Applied = append(fx.Applied, d)
			}
		}
	}

	for _, name := range slices.Sorted(maps.Keys(taken)) {
		fixed, err := applyEdits(baseline[name], taken[name])
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		if formatted, err := format.Source(fixed); err == nil {
			fixed = formatted
		}
		fx.Files = append(fx.Files, FixedFile{name, baseline[name], fixed})
	}
	return fx, nil
}

const (
	editsGenerated = "it edits a generated file"
	alternativeFix = "only the first fix of a finding is applied"
)

// fixEdits returns the edits of fix by file name, sorted, with the files'
// content read into baseline; or why the fix is skipped; or an error if
// a file changed since it was analyzed.
func fixEdits(fset *token.FileSet, fix analysis.SuggestedFix, generated map[*token.File]bool,
	baseline map[string][]byte, readFile func(string) ([]byte, error)) (map[string][]edit, string, error) {
	edits := make(map[string][]edit)
	for _, e := range fix.TextEdits {
		tf := fset.File(e.Pos)
		if generated[tf] {
			return nil, editsGenerated, nil
		}
		name := tf.Name()
		content, ok := baseline[name]
		if !ok {
			var err error
			if content, err = readFile(name); err != nil {
				return nil, fmt.Sprintf("cannot read %s: %v", name, err), nil
			}
			baseline[name] = content
		}
		if len(content) != tf.Size() {
			return nil, "", fmt.Errorf("%s changed since it was analyzed (%d bytes, now %d); no fix applied", name, tf.Size(), len(content))
		}
		end := e.End
		if !end.IsValid() {
			end = e.Pos
		}
		edits[name] = append(edits[name], edit{tf.Offset(e.Pos), tf.Offset(end), string(e.NewText)})
	}
	for _, es := range edits {
		sortEdits(es)
	}
	return edits, "", nil
}

// Write writes the fixed files and returns how many it wrote. A failed
// write is passed to logf, and the others are still written.
func (fx *Fixes) Write(logf func(format string, args ...any)) (written int) {
	for _, f := range fx.Files {
		if err := os.WriteFile(f.Name, f.New, 0o644); err != nil {
			logf("%v", err)
			continue
		}
		written++
	}
	return written
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

// failed returns the number of fixes left out for conflicts or
// unreadable files.
func (fx *Fixes) failed() int {
	n := 0
	for _, s := range fx.Skipped {
		if !s.Benign {
			n++
		}
	}
	return n
}

// applyFixes merges the fixes of the root findings and writes the files,
// or with printDiff their diff to out. As the x/tools drivers, it returns
// an error when a fix was left out for a conflict (a re-run applies
// more) or a file could not be written; each fix left out is logged.
func applyFixes(roots []*checker.Action, opts Options, out io.Writer, logf, verbosef func(format string, args ...any)) error {
	fx, err := MergeFixes(roots, os.ReadFile)
	if err != nil {
		return err
	}
	if opts.Describe && len(roots) > 0 {
		defer func() {
			if err := describe(out, roots[0].Package.Fset, fx.Applied); err != nil {
				logf("%v", err)
			}
			if len(fx.Applied) > 0 {
				if err := judgementCalls(out, roots[0].Package.Fset, fx.Applied, reviews(roots)); err != nil {
					logf("%v", err)
				}
			}
		}()
	}
	printDiff := opts.Diff
	generated := 0
	for _, s := range fx.Skipped {
		switch s.Reason {
		case editsGenerated:
			generated++
		case alternativeFix:
			verbosef("%v", s) // the fix at a helper's depth comes first, the call-site fix second
		default:
			logf("%v", s)
		}
	}
	failed := fx.failed()
	if printDiff {
		if err := fx.WriteDiff(out); err != nil {
			return err
		}
		if failed > 0 {
			return fmt.Errorf("%d of %s skipped (e.g. due to conflicts)", failed, plural(fx.total, "fix", "fixes"))
		}
		return nil
	}
	written := fx.Write(logf)
	if failed > 0 || written < len(fx.Files) {
		return fmt.Errorf("applied %d of %s; %s updated. (Re-run the command to apply more.)",
			len(fx.Applied), plural(fx.total, "fix", "fixes"), plural(written, "file", "files"))
	}
	if generated > 0 {
		verbosef("skipped %s that would edit generated files", plural(generated, "fix", "fixes"))
	}
	verbosef("applied %s, updated %s", plural(len(fx.Applied), "fix", "fixes"), plural(written, "file", "files"))
	return nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
