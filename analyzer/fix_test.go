package analyzer_test

import (
	"fmt"
	"go/format"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/txtar"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
	"github.com/ctxnotify/ctxnotify-lint/internal/driver"
)

var fixPackages = []string{
	"fixes/wrap", "fixes/imports", "fixes/shadowed", "fixes/renamed",
	"fixes/single", "fixes/noimport", "fixes/params", "fixes/closures", "fixes/shapes",
	"fixes/fields", "fixes/ifaces", "fixes/guardclause", "fixes/derived", "fixes/derived/report", "fixes/derived/crosspkg", "fixes/forms",
	"helperfix/single", "helperfix/group", "helperfix/tests", "helperfix/fallback", "helperfix/names",
	"helperfix/returned", "helperfix/guardclause", "fixes/receivers", "fixes/later", "fixes/rewrites", "fixes/oneplace", "fixes/conventions/withany", "fixes/conventions/withiface", "fixes/composed", "fixes/bundled",
}

// TestFixes checks every fix against its golden file.
func TestFixes(t *testing.T) {
	if *update {
		writeFixGoldens(t, analyze(t, testdata, analyzer.Analyzer, fixPackages...), filepath.Join(testdata, "src"), fixPackages)
	}
	analysistest.RunWithSuggestedFixes(t, testdata, analyzer.Analyzer, fixPackages...)
}

// reconcileFixPackages are the fixes of RULES v7 and v8 in reconcile code,
// analysed under scope reconcile.
var reconcileFixPackages = []string{"scope/derived", "scope/later", "fixes/composed"}

// TestFixesScopeReconcile checks the fixes of RULES v7 and v8 in
// reconcile code under scope reconcile against their golden files.
func TestFixesScopeReconcile(t *testing.T) {
	if *update {
		writeFixGoldens(t, analyze(t, testdata, newAnalyzer(t, analyzer.Config{Scope: analyzer.ScopeReconcile}), reconcileFixPackages...), filepath.Join(testdata, "src"), reconcileFixPackages)
	}
	analysistest.RunWithSuggestedFixes(t, testdata, newAnalyzer(t, analyzer.Config{Scope: analyzer.ScopeReconcile}), reconcileFixPackages...)
}

// TestGoldenSectionsOffered checks that the sections of each golden
// archive are the messages of the fixes offered for its file, both ways:
// analysistest compares only the messages it meets, so a fix that is no
// longer offered (a helper that no longer qualifies for the fix at its
// depth) would pass unseen, and so would a fix newly offered (a direct
// call now routed through a type's guarded helper). A golden file of the
// one-file form holds one message.
func TestGoldenSectionsOffered(t *testing.T) {
	for _, tc := range []struct {
		a    *analysis.Analyzer
		pkgs []string
	}{
		{analyzer.Analyzer, fixPackages},
		{newAnalyzer(t, analyzer.Config{Scope: analyzer.ScopeReconcile}), reconcileFixPackages},
	} {
		offered := make(map[string]map[string]bool) // golden file -> messages of the fixes that edit its file
		for _, act := range analyze(t, testdata, tc.a, tc.pkgs...) {
			for _, d := range act.Diagnostics {
				for _, fix := range d.SuggestedFixes {
					for _, edit := range fix.TextEdits {
						file := act.Package.Fset.File(edit.Pos).Name() + ".golden"
						if offered[file] == nil {
							offered[file] = make(map[string]bool)
						}
						offered[file][fix.Message] = true
					}
				}
			}
		}
		for _, pkg := range tc.pkgs {
			goldens, err := filepath.Glob(filepath.Join(testdata, "src", pkg, "*.golden"))
			if err != nil {
				t.Fatal(err)
			}
			for _, golden := range goldens {
				ar, err := txtar.ParseFile(golden)
				if err != nil {
					t.Fatal(err)
				}
				abs, err := filepath.Abs(golden)
				if err != nil {
					t.Fatal(err)
				}
				sections := make(map[string]bool)
				for _, f := range ar.Files {
					sections[f.Name] = true
					if !offered[abs][f.Name] {
						t.Errorf("%s: section %q names no fix that edits the file", golden, f.Name)
					}
				}
				for m := range offered[abs] {
					if len(ar.Files) > 0 && !sections[m] {
						t.Errorf("%s: no section for the fix %q (go test -update writes it)", golden, m)
					}
				}
				if len(ar.Files) == 0 && len(offered[abs]) > 1 {
					t.Errorf("%s: one-file form for %d fix messages", golden, len(offered[abs]))
				}
			}
		}
	}
}

// fixTree is a catalogue tree with fix golden files: its root (a GOPATH
// tree, or a module) relative to testdata, the directory of its packages
// under that root, and the packages.
type fixTree struct {
	name, root, src string
	pkgs            []string
}

var fixTrees = []fixTree{
	{"gopath", ".", "src", fixPackages},
	{"eventsv1", "eventsv1", "..", []string{"eventsv1/fixes"}},
}

// TestFixedCodeIsClean checks that each golden file (each section of a
// golden archive) is gofmt-clean, and that the code -fix makes (the first
// fix of each finding, merged as the command merges them) type-checks, its
// tests included, and has nothing left to fix in a second run: only the
// findings that had no fix remain.
func TestFixedCodeIsClean(t *testing.T) {
	for _, tree := range fixTrees {
		t.Run(tree.name, func(t *testing.T) { checkFixedCodeIsClean(t, tree) })
	}
}

func checkFixedCodeIsClean(t *testing.T, tree fixTree) {
	actions := analyze(t, filepath.Join(testdata, tree.root), analyzer.Analyzer, tree.pkgs...)
	var unfixable []token.Position
	seen := make(map[string]bool) // a file of a package with tests is analysed twice
	for _, act := range actions {
		if act.Err != nil {
			t.Errorf("first run: %s: %v", act.Package.PkgPath, act.Err)
		}
		for _, d := range act.Diagnostics {
			if posn := act.Package.Fset.Position(d.Pos); len(d.SuggestedFixes) == 0 && !seen[posn.String()] {
				seen[posn.String()] = true
				unfixable = append(unfixable, posn)
			}
		}
	}
	for _, pkg := range tree.pkgs {
		goldens, err := filepath.Glob(filepath.Join(testdata, tree.root, tree.src, pkg, "*.go.golden"))
		if err != nil || len(goldens) == 0 {
			t.Fatalf("%s: no golden files (%v)", pkg, err)
		}
		for _, golden := range goldens {
			ar, err := txtar.ParseFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			sections := ar.Files
			if len(sections) == 0 {
				sections = []txtar.File{{Name: "all fixes", Data: ar.Comment}}
			}
			for _, sec := range sections {
				if formatted, err := format.Source(sec.Data); err != nil || string(formatted) != string(sec.Data) {
					t.Errorf("%s, %s: not gofmt-clean (err=%v)", golden, sec.Name, err)
				}
			}
		}
	}
	fixes, err := driver.MergeFixes(actions, os.ReadFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range fixes.Skipped {
		if !s.Benign {
			t.Errorf("first run: %v", s)
		}
	}
	root := filepath.Join(testdata, tree.root)
	dir := filepath.Join(copyTestdata(t), tree.root)
	lines := make(map[string][]int) // a fixed file's old lines -> its new ones (0: changed)
	for _, f := range fixes.Files {
		rel, err := filepath.Rel(root, f.Name)
		if err != nil {
			t.Fatal(err)
		}
		lines[rel] = keptLines(f.Old, f.New)
		// Expectations belong to the first run: drop them.
		src := regexp.MustCompile("// want .*").ReplaceAll(f.New, nil)
		if err := os.WriteFile(filepath.Join(dir, rel), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Where the findings without a fix are after the fixes: their file,
	// and their line where it is one the fixes kept ("" where they changed it).
	want := make(map[string]int)
	for _, posn := range unfixable {
		rel, err := filepath.Rel(root, posn.Filename)
		if err != nil {
			t.Fatal(err)
		}
		want[afterFix(rel, posn.Line, lines)]++
	}
	second := analyze(t, dir, analyzer.Analyzer, tree.pkgs...)
	seen = make(map[string]bool)
	got := make(map[string]int)
	for _, act := range second {
		if act.Err != nil {
			t.Errorf("second run: %s: %v", act.Package.PkgPath, act.Err)
		}
		for _, d := range act.Diagnostics {
			posn := act.Package.Fset.Position(d.Pos)
			if seen[posn.String()] {
				continue
			}
			seen[posn.String()] = true
			if len(d.SuggestedFixes) > 0 {
				t.Errorf("%s: fixed code still has a fixable finding: %s", posn, d.Message)
			}
			rel, err := filepath.Rel(dir, posn.Filename)
			if err != nil {
				t.Fatal(err)
			}
			key := fmt.Sprintf("%s:%d", rel, posn.Line)
			if _, fixed := lines[rel]; fixed && want[key] == 0 {
				key = rel + ":changed"
			}
			got[key]++
		}
	}
	if len(second) == 0 {
		t.Errorf("second run analysed no package")
	}
	if !maps.Equal(got, want) {
		t.Errorf("second run: findings at %v, want those that had no fix, at %v", got, want)
	}
}

// afterFix says where a line of a file is after the fixes: "file:line"
// where the fixes kept it (lines, by keptLines), "file:changed" where
// they changed it.
func afterFix(file string, line int, lines map[string][]int) string {
	kept, fixed := lines[file]
	switch {
	case !fixed:
		return fmt.Sprintf("%s:%d", file, line)
	case kept[line-1] == 0:
		return file + ":changed"
	}
	return fmt.Sprintf("%s:%d", file, kept[line-1])
}

// keptLines maps each line of old (by index) to its line number in new,
// where a longest common subsequence of the two keeps it; 0 where it does
// not. The catalogue's files are short: the quadratic table costs little.
func keptLines(old, new []byte) []int {
	a, b := strings.Split(string(old), "\n"), strings.Split(string(new), "\n")
	lcs := make([][]int, len(a)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	out := make([]int, len(a))
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] == b[j]:
			out[i] = j + 1
			i, j = i+1, j+1
		case lcs[i+1][j] >= lcs[i][j+1]:
			i++
		default:
			j++
		}
	}
	return out
}

// copyTestdata copies testdata into a temporary directory.
func copyTestdata(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(testdata)); err != nil {
		t.Fatal(err)
	}
	return dir
}
