package analyzer_test

import (
	"go/format"
	"os"
	"path/filepath"
	"regexp"
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
	"helperfix/returned", "helperfix/guardclause", "fixes/receivers", "fixes/later", "fixes/rewrites", "fixes/oneplace", "fixes/conventions/withany", "fixes/conventions/withiface",
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
var reconcileFixPackages = []string{"scope/derived", "scope/later"}

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
	unfixable := 0
	seen := make(map[string]bool) // a file of a package with tests is analysed twice
	for _, act := range actions {
		if act.Err != nil {
			t.Errorf("first run: %s: %v", act.Package.PkgPath, act.Err)
		}
		for _, d := range act.Diagnostics {
			if posn := act.Package.Fset.Position(d.Pos).String(); len(d.SuggestedFixes) == 0 && !seen[posn] {
				seen[posn] = true
				unfixable++
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
	for _, f := range fixes.Files {
		rel, err := filepath.Rel(root, f.Name)
		if err != nil {
			t.Fatal(err)
		}
		// Expectations belong to the first run: drop them.
		src := regexp.MustCompile("// want .*").ReplaceAll(f.New, nil)
		if err := os.WriteFile(filepath.Join(dir, rel), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	second := analyze(t, dir, analyzer.Analyzer, tree.pkgs...)
	remaining := 0
	seen = make(map[string]bool)
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
			remaining++
			if len(d.SuggestedFixes) > 0 {
				t.Errorf("%s: fixed code still has a fixable finding: %s", posn, d.Message)
			}
		}
	}
	if len(second) == 0 {
		t.Errorf("second run analysed no package")
	}
	if remaining != unfixable {
		t.Errorf("second run: %d findings, want the %d that had no fix", remaining, unfixable)
	}
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
