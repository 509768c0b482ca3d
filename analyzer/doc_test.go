package analyzer

import (
	"go/parser"
	"go/token"
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
