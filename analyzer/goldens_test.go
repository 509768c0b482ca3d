package analyzer_test

import (
	"bytes"
	"cmp"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/txtar"
)

// writeFixGoldens rewrites the golden files of the fix packages as
// analysistest.RunWithSuggestedFixes reads them: per file, one archive
// section per fix message, the file with every fix of that message
// applied and gofmt'd. Sections keep the order of the golden file they
// replace, new messages after them; a message no fix offers is dropped. A
// golden file of one message without a section header keeps that form.
// TestFixes runs it with -update, before it compares.
func writeFixGoldens(t *testing.T, actions []*checker.Action, root string, pkgs []string) {
	t.Helper()
	type key struct{ file, message string }
	edits := make(map[key][]offsetEdit)
	var messages = make(map[string][]string) // by file, in order of first appearance
	seen := make(map[string]bool)            // a diagnostic of a package with tests comes twice
	for _, act := range actions {
		fset := act.Package.Fset
		for _, d := range act.Diagnostics {
			for _, fix := range d.SuggestedFixes {
				id := fset.Position(d.Pos).String() + "\x00" + fix.Message
				if seen[id] {
					continue
				}
				seen[id] = true
				for _, e := range fix.TextEdits {
					file := fset.File(e.Pos).Name()
					k := key{file, fix.Message}
					if _, ok := edits[k]; !ok {
						messages[file] = append(messages[file], fix.Message)
					}
					tf := fset.File(e.Pos)
					end := e.End
					if !end.IsValid() {
						end = e.Pos
					}
					edits[k] = append(edits[k], offsetEdit{tf.Offset(e.Pos), tf.Offset(end), string(e.NewText)})
				}
			}
		}
	}
	for _, pkg := range pkgs {
		files, err := filepath.Glob(filepath.Join(root, pkg, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, file := range files {
			abs, err := filepath.Abs(file)
			if err != nil {
				t.Fatal(err)
			}
			if len(messages[abs]) == 0 {
				continue
			}
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			order := messages[abs]
			old, err := txtar.ParseFile(file + ".golden")
			single := err == nil && len(old.Files) == 0 // the one-file form, for one message
			if err == nil && len(old.Files) > 0 {
				var kept []string
				for _, f := range old.Files {
					if slices.Contains(order, f.Name) {
						kept = append(kept, f.Name)
					}
				}
				for _, m := range order {
					if !slices.Contains(kept, m) {
						kept = append(kept, m)
					}
				}
				order = kept
			}
			ar := new(txtar.Archive)
			for _, m := range order {
				fixed, err := applyTextEdits(src, edits[key{abs, m}])
				if err != nil {
					t.Fatalf("%s: fix %q: %v", file, m, err)
				}
				if f, err := format.Source(fixed); err == nil {
					fixed = f
				}
				ar.Files = append(ar.Files, txtar.File{Name: m, Data: fixed})
			}
			data := txtar.Format(ar)
			if single && len(ar.Files) == 1 {
				data = ar.Files[0].Data
			}
			if err := os.WriteFile(file+".golden", data, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("wrote %s.golden", file)
		}
	}
}

// offsetEdit replaces the bytes [start, end) of a file with text.
type offsetEdit struct {
	start, end int
	text       string
}

// applyTextEdits applies edits: identical ones once, insertions at one
// offset in their order; overlapping edits are an error.
func applyTextEdits(src []byte, edits []offsetEdit) ([]byte, error) {
	var uniq []offsetEdit
	for _, e := range edits {
		if !slices.Contains(uniq, e) {
			uniq = append(uniq, e)
		}
	}
	slices.SortStableFunc(uniq, func(a, b offsetEdit) int { return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end)) })
	var out bytes.Buffer
	last := 0
	for _, e := range uniq {
		if e.start < last {
			return nil, fmt.Errorf("edits overlap at offset %d", e.start)
		}
		out.Write(src[last:e.start])
		out.WriteString(e.text)
		last = e.end
	}
	out.Write(src[last:])
	return out.Bytes(), nil
}
