package analyzer

import (
	"go/doc/comment"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestDoc: Analyzer.Doc, which "help ctxnotify" prints and pkg.go.dev
// shows as the package doc, is the whole rule: the summary first, then
// every section of doc.go, its sub-headings included, down to its last
// line.
func TestDoc(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", doc, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil || f.Doc == nil {
		t.Fatalf("doc.go has no package doc: %v", err)
	}
	text := strings.TrimSpace(f.Doc.Text())
	got := Analyzer.Doc
	const summary = "report events emitted after the reconcile context may be cancelled"
	if first, _, _ := strings.Cut(got, "\n"); first != summary {
		t.Errorf("Analyzer.Doc starts with %q, want the summary %q", first, summary)
	}
	headings := 0
	for line := range strings.Lines(text) {
		if heading, ok := strings.CutPrefix(line, "# "); ok && heading != "Analyzer ctxnotify\n" {
			headings++
			if !strings.Contains(got, "\n\n"+line) {
				t.Errorf("Analyzer.Doc lacks the section %q of doc.go", strings.TrimSpace(line))
			}
		}
	}
	if headings < 10 {
		t.Errorf("doc.go has %d sections after the analyzer's heading, want the rule's (10 or more)", headings)
	}
	_, rule, _ := strings.Cut(text, "# Analyzer ctxnotify\n")
	if want := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rule), "ctxnotify:")); got != want {
		t.Errorf("Analyzer.Doc is not doc.go's text from its '# Analyzer ctxnotify' heading to the end")
	}
}

// TestAnalyzerDoc: the section runs to the next "# Analyzer" heading; a
// doc without the heading or the summary gives "", which TestDoc rejects.
func TestAnalyzerDoc(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"// Package p.\n//\n// # Analyzer ctxnotify\n//\n// ctxnotify: sum\n//\n// Text.\n//\n// # Sub\n//\n// More.\n//\n// # Analyzer other\n//\n// other: x\npackage p\n", "sum\n\nText.\n\n# Sub\n\nMore."},
		{"// Package p.\n//\n// # Analyzer ctxnotify\n//\n// ctxnotify: sum\npackage p\n", "sum"},
		{"// Package p.\n//\n// # Analyzer ctxnotify\n//\n// no summary\npackage p\n", ""},
		{"// Package p.\n//\n// # Analyzer other\n//\n// other: x\npackage p\n", ""},
		{"package p\n", ""},
		{"not Go", ""},
	} {
		if got := analyzerDoc(tc.src); got != tc.want {
			t.Errorf("analyzerDoc(%q) = %q, want %q", tc.src, got, tc.want)
		}
	}
}

// TestReadmeLinksAndSettings: the README's links into this documentation
// name its headings as pkg.go.dev anchors them, the Configuration section
// describes the settings, in order, and the README names them all.
func TestReadmeLinksAndSettings(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	anchors := make(map[string]bool)
	for line := range strings.Lines(doc) {
		if heading, ok := strings.CutPrefix(line, "// # "); ok {
			anchors[headingID(strings.TrimSpace(heading))] = true
		}
	}
	const prefix = "pkg.go.dev/github.com/ctxnotify/ctxnotify-lint/analyzer#"
	links := 0
	for rest := readme; ; {
		_, after, ok := strings.Cut(rest, prefix)
		if !ok {
			break
		}
		id := after[:strings.IndexAny(after, ") \n")]
		links++
		if !anchors[id] {
			t.Errorf("the README links to %s%s, which names no heading of doc.go", prefix, id)
		}
		rest = after
	}
	if links < 8 {
		t.Errorf("the README links to %d sections of the rule, want the eight of What it reports at least", links)
	}

	// The settings are described in the doc's Configuration section, one
	// list item each, in order; the README's section names them and
	// links there.
	_, section, _ := strings.Cut(doc, "\n// # Configuration\n")
	section, _, _ = strings.Cut(section, "\n// # ")
	var names []string
	for line := range strings.Lines(section) {
		if rest, ok := strings.CutPrefix(line, "//   - "); ok {
			name, _, _ := strings.Cut(rest, ":")
			names = append(names, name)
		}
	}
	var want []string
	for _, s := range Settings {
		want = append(want, s.Name)
	}
	if !slices.Equal(names, want) {
		t.Errorf("doc.go's Configuration section lists %v, want the settings %v", names, want)
	}
	_, section, _ = strings.Cut(readme, "\n## Configuration\n")
	section, _, _ = strings.Cut(section, "\n## ")
	for _, name := range want {
		if !strings.Contains(section, "`"+name+"`") {
			t.Errorf("the README's Configuration section does not name the setting %q", name)
		}
	}
	if !strings.Contains(section, prefix+"hdr-Configuration") {
		t.Errorf("the README's Configuration section does not link to %shdr-Configuration", prefix)
	}
}

// headingID is the anchor go/doc/comment, and so pkg.go.dev, gives a
// heading.
func headingID(heading string) string {
	return (&comment.Heading{Text: []comment.Text{comment.Plain(heading)}}).DefaultID()
}

// TestDocOnTestFiles checks what the doc says of test files against what
// the catalogue pins: an event in directives_test.go is no finding (the
// catalogue's run of package directives wants none there), and the fix at
// a helper's depth edits the calls in helperfix/tests' test file (its
// golden differs from it). So the doc says that findings in test files
// are not reported, and that the fix edits their calls of the helpers; it
// once said that test files were not analysed at all.
func TestDocOnTestFiles(t *testing.T) {
	test, err := os.ReadFile(filepath.Join("..", "testdata", "src", "helperfix", "tests", "tests_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	golden, err := os.ReadFile(filepath.Join("..", "testdata", "src", "helperfix", "tests", "tests_test.go.golden"))
	if err != nil {
		t.Fatal(err)
	}
	if string(test) == string(golden) {
		t.Fatal("the fix at a helper's depth no longer edits helperfix/tests' test file: the doc says it does")
	}
	_, section, _ := strings.Cut(doc, "\n// # Suppressing a finding\n")
	section, _, _ = strings.Cut(section, "\n// # ")
	text := strings.Join(strings.Fields(strings.ReplaceAll(section, "\n//", "\n")), " ")
	for _, want := range []string{
		"Findings in _test.go files and generated files are not reported",
		"the pass reads them only for their calls of the helpers that the fix at the helper's depth changes, which that fix edits too",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the doc's section Suppressing a finding does not say %q:\n%s", want, text)
		}
	}
	if strings.Contains(strings.Join(strings.Fields(strings.ReplaceAll(doc, "\n//", "\n")), " "), "not analysed at all") {
		t.Error("the doc says that test files are not analysed at all; the fix at a helper's depth edits them")
	}
}
