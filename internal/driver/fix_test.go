package driver

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

func TestMergeEdits(t *testing.T) {
	t.Parallel()
	taken := []edit{{0, 0, "import"}, {10, 20, "x"}}
	for _, tc := range []struct {
		name string
		fix  []edit
		want []edit // nil: a conflict
	}{
		{"disjoint", []edit{{30, 40, "y"}}, []edit{{0, 0, "import"}, {10, 20, "x"}, {30, 40, "y"}}},
		{"adjacent", []edit{{20, 25, "y"}}, []edit{{0, 0, "import"}, {10, 20, "x"}, {20, 25, "y"}}},
		{"identical edits kept once", []edit{{0, 0, "import"}, {10, 20, "x"}}, taken},
		{"the same import, another statement", []edit{{0, 0, "import"}, {30, 30, "y"}},
			[]edit{{0, 0, "import"}, {10, 20, "x"}, {30, 30, "y"}}},
		{"another insertion at the same offset goes after the taken one", []edit{{0, 0, "other"}},
			[]edit{{0, 0, "import"}, {0, 0, "other"}, {10, 20, "x"}}},
		{"the same insertion, then another at the same offset", []edit{{0, 0, "import"}, {0, 0, "other"}},
			[]edit{{0, 0, "import"}, {0, 0, "other"}, {10, 20, "x"}}},
		{"an insertion where a replacement starts goes before it", []edit{{10, 10, "y"}},
			[]edit{{0, 0, "import"}, {10, 10, "y"}, {10, 20, "x"}}},
		{"an insertion inside a replacement", []edit{{15, 15, "y"}}, nil},
		{"overlapping replacements", []edit{{15, 25, "y"}}, nil},
		{"replacements from the same offset", []edit{{10, 20, "y"}}, nil},
		{"a replacement that ends like a taken one", []edit{{5, 20, "x"}}, []edit{{0, 0, "import"}, {5, 10, ""}, {10, 20, "x"}}},
	} {
		got, ok := mergeEdits(taken, tc.fix)
		if tc.want == nil {
			if ok {
				t.Errorf("%s: merged into %v, want a conflict", tc.name, got)
			}
			continue
		}
		if !ok || !slices.Equal(got, tc.want) {
			t.Errorf("%s: mergeEdits = %v, %t; want %v", tc.name, got, ok, tc.want)
		}
	}
	if got, ok := mergeEdits([]edit{{15, 15, "y"}}, []edit{{10, 20, "x"}}); ok {
		t.Errorf("a replacement around a taken insertion: merged into %v, want a conflict", got)
	}
}

func TestApplyEdits(t *testing.T) {
	t.Parallel()
	got, err := applyEdits([]byte("0123456789"), []edit{{0, 0, "<"}, {0, 0, "["}, {2, 4, ""}, {8, 9, "X"}})
	if want := "<[014567X9"; err != nil || string(got) != want {
		t.Errorf("applyEdits = %q, %v; want %q", got, err, want)
	}
	if _, err := applyEdits([]byte("0123"), []edit{{0, 3, ""}, {2, 4, ""}}); err == nil {
		t.Error("overlapping edits: no error")
	}
	if _, err := applyEdits([]byte("0123"), []edit{{2, 5, ""}}); err == nil {
		t.Error("an edit past the end: no error")
	}
}

// fixSource is the file that the findings of TestMergeFixes fix: each
// wraps one call in a check and adds the imports the check needs.
const fixSource = `package p

import "context"

func f(ctx context.Context) {
	a()
	b()
	c()
}

func g(context.Context) {
	d()
	e()
}

func a() {}
func b() {}
func c() {}
func d() {}
func e() {}
`

// A fixture is a package of one parsed file, and the findings (with
// fixes) a test makes up for it.
type fixture struct {
	t    *testing.T
	name string
	src  string
	fset *token.FileSet
	file *ast.File
	tf   *token.File
}

func newFixture(t *testing.T, src string) *fixture {
	t.Helper()
	name := filepath.Join(t.TempDir(), "p.go")
	if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{t, name, src, fset, file, fset.File(file.FileStart)}
}

// pos returns the position of the n-th occurrence (from 0) of s.
func (f *fixture) pos(s string, n int) token.Pos {
	f.t.Helper()
	off := 0
	for i := 0; ; i++ {
		j := strings.Index(f.src[off:], s)
		if j < 0 {
			f.t.Fatalf("no occurrence %d of %q", n, s)
		}
		if i == n {
			return f.tf.Pos(off + j)
		}
		off += j + len(s)
	}
}

// insert and replace make text edits at the first occurrence of at.
func (f *fixture) insert(at, text string) analysis.TextEdit {
	p := f.pos(at, 0)
	return analysis.TextEdit{Pos: p, End: p, NewText: []byte(text)}
}

func (f *fixture) replace(old, text string) analysis.TextEdit {
	p := f.pos(old, 0)
	return analysis.TextEdit{Pos: p, End: p + token.Pos(len(old)), NewText: []byte(text)}
}

// finding is a diagnostic at the first occurrence of at, with one fix.
func (f *fixture) finding(at, fix string, edits ...analysis.TextEdit) analysis.Diagnostic {
	return analysis.Diagnostic{Pos: f.pos(at, 0), Message: "finding at " + at,
		SuggestedFixes: []analysis.SuggestedFix{{Message: fix, TextEdits: edits}}}
}

// roots is one root action for the package, with the findings.
func (f *fixture) roots(diags ...analysis.Diagnostic) []*checker.Action {
	pkg := &packages.Package{ID: "p", PkgPath: "p", Fset: f.fset, Syntax: []*ast.File{f.file}}
	return []*checker.Action{{Package: pkg, IsRoot: true, Diagnostics: diags}}
}

// guard wraps the call stmt (as "a()") in a check.
func (f *fixture) guard(stmt string) analysis.TextEdit {
	return f.replace(stmt, "if !errors.Is(ctx.Err(), context.Canceled) {\n\t\t"+stmt+"\n\t}")
}

func TestMergeFixes(t *testing.T) {
	t.Parallel()
	const errorsImport = `import "errors"` + "\n"
	for _, tc := range []struct {
		name    string
		diags   func(f *fixture) []analysis.Diagnostic
		applied []string // the messages of the findings fixed
		skipped []string // the reasons of the fixes left out
		want    string   // a part of the fixed file
		count   string   // that part occurs this often in it, if not once
	}{
		{
			name: "several fixes add the same import",
			diags: func(f *fixture) []analysis.Diagnostic {
				return []analysis.Diagnostic{
					f.finding("a()", "guard a", f.insert("import", errorsImport), f.guard("a()")),
					f.finding("b()", "guard b", f.insert("import", errorsImport), f.guard("b()")),
					f.finding("c()", "guard c", f.insert("import", errorsImport), f.guard("c()")),
				}
			},
			applied: []string{"finding at a()", "finding at b()", "finding at c()"},
			want:    `import "errors"`,
		},
		{
			name: "the same fix of the same finding twice (a package and its test variant)",
			diags: func(f *fixture) []analysis.Diagnostic {
				d := f.finding("a()", "guard a", f.insert("import", errorsImport), f.guard("a()"))
				return []analysis.Diagnostic{d, d}
			},
			applied: []string{"finding at a()", "finding at a()"},
			want:    "if !errors.Is(ctx.Err(), context.Canceled) {\n\t\ta()\n\t}",
		},
		{
			name: "overlapping fixes: the later is left out",
			diags: func(f *fixture) []analysis.Diagnostic {
				return []analysis.Diagnostic{
					f.finding("a()", "guard a", f.insert("import", errorsImport), f.guard("a()")),
					f.finding("a()", "drop a", f.replace("a()\n\tb()", "b()")),
					f.finding("c()", "guard c", f.insert("import", errorsImport), f.guard("c()")),
				}
			},
			applied: []string{"finding at a()", "finding at c()"},
			skipped: []string{"it conflicts with the fix of another finding"},
			want:    "\t}\n\tb()\n",
		},
		{
			// Two guarded methods added after a type's last method: both
			// go in, in the order of their fixes, as go fix merges them.
			name: "different insertions at the same offset: both, in order",
			diags: func(f *fixture) []analysis.Diagnostic {
				return []analysis.Diagnostic{
					f.finding("a()", "log a", f.insert("a()", "println(1)\n\t")),
					f.finding("b()", "log b", f.insert("a()", "println(2)\n\t")),
				}
			},
			applied: []string{"finding at a()", "finding at b()"},
			want:    "\tprintln(1)\n\tprintln(2)\n\ta()\n",
		},
		{
			name: "identical insertions at the same offset: once",
			diags: func(f *fixture) []analysis.Diagnostic {
				return []analysis.Diagnostic{
					f.finding("a()", "log a", f.insert("a()", "println(1)\n\t")),
					f.finding("b()", "log b", f.insert("a()", "println(1)\n\t")),
				}
			},
			applied: []string{"finding at a()", "finding at b()"},
			want:    "println(1)",
		},
		{
			name: "a fix is left out whole",
			diags: func(f *fixture) []analysis.Diagnostic {
				return []analysis.Diagnostic{
					f.finding("a()", "guard a", f.guard("a()")),
					// Its first edit merges, its second conflicts.
					f.finding("c()", "guard c and a", f.guard("c()"), f.replace("a()", "a(); a()")),
				}
			},
			applied: []string{"finding at a()"},
			skipped: []string{"it conflicts with the fix of another finding"},
			want:    "\tc()\n}",
		},
		{
			name: "only the first fix of a finding",
			diags: func(f *fixture) []analysis.Diagnostic {
				d := f.finding("a()", "guard a", f.guard("a()"))
				d.SuggestedFixes = append(d.SuggestedFixes, analysis.SuggestedFix{Message: "drop a", TextEdits: []analysis.TextEdit{f.replace("a()", "")}})
				return []analysis.Diagnostic{d}
			},
			applied: []string{"finding at a()"},
			skipped: []string{"only the first fix of a finding is applied"},
			want:    "\t\ta()\n",
		},
	} {
		f := newFixture(t, fixSource)
		fx, err := MergeFixes(f.roots(tc.diags(f)...), os.ReadFile)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		var applied, skipped []string
		for _, d := range fx.Applied {
			applied = append(applied, d.Message)
		}
		for _, s := range fx.Skipped {
			skipped = append(skipped, s.Reason)
		}
		if !slices.Equal(applied, tc.applied) || !slices.Equal(skipped, tc.skipped) {
			t.Errorf("%s: applied %q and skipped %q, want %q and %q", tc.name, applied, skipped, tc.applied, tc.skipped)
		}
		if len(fx.Files) != 1 || fx.Files[0].Name != f.name || string(fx.Files[0].Old) != fixSource {
			t.Errorf("%s: %d files fixed, want %s", tc.name, len(fx.Files), f.name)
			continue
		}
		fixed := string(fx.Files[0].New)
		if n := strings.Count(fixed, tc.want); n != 1 {
			t.Errorf("%s: %q occurs %d times in the fixed file, want once:\n%s", tc.name, tc.want, n, fixed)
		}
		if _, err := parser.ParseFile(token.NewFileSet(), "fixed.go", fixed, 0); err != nil {
			t.Errorf("%s: the fixed file does not parse: %v\n%s", tc.name, err, fixed)
		}
	}
}

func TestMergeFixesGenerated(t *testing.T) {
	t.Parallel()
	f := newFixture(t, "// Code generated by hand. DO NOT EDIT.\n\n"+fixSource)
	fx, err := MergeFixes(f.roots(f.finding("a()", "guard a", f.guard("a()"))), os.ReadFile)
	if err != nil {
		t.Fatal(err)
	}
	if len(fx.Files) != 0 || len(fx.Applied) != 0 || len(fx.Skipped) != 1 || !fx.Skipped[0].Benign || fx.failed() != 0 {
		t.Errorf("a fix to a generated file: %d files, %d applied, skipped %v; want it skipped, and no failure", len(fx.Files), len(fx.Applied), fx.Skipped)
	}
}

func TestMergeFixesChangedFile(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixSource)
	roots := f.roots(f.finding("a()", "guard a", f.guard("a()")))
	if err := os.WriteFile(f.name, []byte(fixSource+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := MergeFixes(roots, os.ReadFile); err == nil || !strings.Contains(err.Error(), "changed since it was analyzed") {
		t.Errorf("a file changed since the analysis: error %v", err)
	}
}

func TestMergeFixesUnreadable(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixSource)
	roots := f.roots(f.finding("a()", "guard a", f.guard("a()")))
	fx, err := MergeFixes(roots, func(string) ([]byte, error) { return nil, errors.New("no access") })
	if err != nil || len(fx.Applied) != 0 || fx.failed() != 1 {
		t.Errorf("an unreadable file: %v, %d applied, %d failed; want the fix left out as failed", err, len(fx.Applied), fx.failed())
	}
}

// TestApplyFixes checks what the command reports: a conflict fails the
// run (exit 1) with the x/tools drivers' message and names the fix left
// out; the rest is written, or shown with -diff.
func TestApplyFixes(t *testing.T) {
	t.Parallel()
	for _, printDiff := range []bool{false, true} {
		f := newFixture(t, fixSource)
		roots := f.roots(
			f.finding("a()", "guard a", f.guard("a()")),
			f.finding("b()", "drop a", f.replace("a()\n\tb()", "b()")))
		var out bytes.Buffer
		var logged []string
		logf := func(format string, args ...any) { logged = append(logged, fmt.Sprintf(format, args...)) }
		err := applyFixes(roots, Options{Diff: printDiff}, &out, logf, logf)
		want := "applied 1 of 2 fixes; 1 file updated. (Re-run the command to apply more.)"
		if printDiff {
			want = "1 of 2 fixes skipped (e.g. due to conflicts)"
		}
		if err == nil || err.Error() != want {
			t.Errorf("diff %t: error %v, want %q", printDiff, err, want)
		}
		if !slices.ContainsFunc(logged, func(s string) bool {
			return strings.HasSuffix(s, `p.go:7:2: fix "drop a" skipped: it conflicts with the fix of another finding`)
		}) {
			t.Errorf("diff %t: the conflict is not reported; logged %q", printDiff, logged)
		}
		got, err := os.ReadFile(f.name)
		if err != nil {
			t.Fatal(err)
		}
		if fixed := strings.Contains(string(got), "errors.Is"); fixed == printDiff {
			t.Errorf("diff %t: file written: %t", printDiff, fixed)
		}
		if printDiff != strings.Contains(out.String(), "+\tif !errors.Is(ctx.Err(), context.Canceled) {\n") {
			t.Errorf("diff %t: output:\n%s", printDiff, &out)
		}
	}
}
