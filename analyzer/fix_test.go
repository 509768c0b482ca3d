package analyzer_test

import (
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
)

var fixPackages = []string{
	"fixes/wrap", "fixes/imports", "fixes/shadowed", "fixes/renamed",
	"fixes/single", "fixes/noimport", "fixes/params", "fixes/closures", "fixes/shapes",
	"fixes/fields", "fixes/ifaces",
}

// TestFixes checks every fix against its golden file.
func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata, analyzer.Analyzer, fixPackages...)
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

// TestFixedCodeIsClean checks that each golden file is gofmt-clean, that the
// fixed package type-checks, and that a second run finds nothing to fix:
// only the findings that had no fix remain.
func TestFixedCodeIsClean(t *testing.T) {
	for _, tree := range fixTrees {
		t.Run(tree.name, func(t *testing.T) { checkFixedCodeIsClean(t, tree) })
	}
}

func checkFixedCodeIsClean(t *testing.T, tree fixTree) {
	first := analysistest.Run(&recorder{}, filepath.Join(testdata, tree.root), analyzer.Analyzer, tree.pkgs...)
	unfixable := 0
	for _, r := range first {
		for _, d := range r.Diagnostics {
			if len(d.SuggestedFixes) == 0 {
				unfixable++
			}
		}
	}

	dir := filepath.Join(copyTestdata(t), tree.root)
	for _, pkg := range tree.pkgs {
		goldens, err := filepath.Glob(filepath.Join(dir, tree.src, pkg, "*.go.golden"))
		if err != nil || len(goldens) == 0 {
			t.Fatalf("%s: no golden files (%v)", pkg, err)
		}
		for _, golden := range goldens {
			src, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if formatted, err := format.Source(src); err != nil || string(formatted) != string(src) {
				t.Errorf("%s is not gofmt-clean (err=%v)", golden, err)
			}
			// Expectations belong to the first run: drop them.
			src = regexp.MustCompile("// want .*").ReplaceAll(src, nil)
			if err := os.WriteFile(strings.TrimSuffix(golden, ".golden"), src, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	rec := &recorder{}
	second := analysistest.Run(rec, dir, analyzer.Analyzer, tree.pkgs...)
	remaining := 0
	for _, r := range second {
		if r.Err != nil {
			t.Errorf("%s: %v", r.Pass.Pkg.Path(), r.Err)
		}
		for _, d := range r.Diagnostics {
			remaining++
			if len(d.SuggestedFixes) > 0 {
				t.Errorf("%s: fixed code still has a fixable finding: %s", r.Pass.Fset.Position(d.Pos), d.Message)
			}
		}
	}
	for _, msg := range rec.errors {
		if strings.Contains(msg, "analysis skipped") || strings.Contains(msg, "error") && !strings.Contains(msg, "unexpected diagnostic") {
			t.Errorf("second run: %s", msg)
		}
	}
	if len(second) == 0 {
		t.Errorf("second run analysed no package")
	}
	if remaining != unfixable {
		t.Errorf("second run: %d findings, want the %d that had no fix", remaining, unfixable)
	}
}

// recorder collects analysistest's complaints instead of failing.
type recorder struct{ errors []string }

func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
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
