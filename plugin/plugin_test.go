package plugin

import (
	"go/token"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestOneFix: golangci-lint gets the first fix whose edits all lie in the
// finding's file, alone; a fix at a helper's depth that edits another file
// gives way to the call-site fix.
func TestOneFix(t *testing.T) {
	fset := token.NewFileSet()
	a := fset.AddFile("a.go", -1, 100)
	b := fset.AddFile("b.go", -1, 100)
	edit := func(f *token.File, off int) analysis.TextEdit {
		return analysis.TextEdit{Pos: f.Pos(off), End: f.Pos(off), NewText: []byte("x")}
	}
	helperInFile := analysis.SuggestedFix{Message: "helper", TextEdits: []analysis.TextEdit{edit(a, 1), edit(a, 50)}}
	helperAcross := analysis.SuggestedFix{Message: "helper", TextEdits: []analysis.TextEdit{edit(a, 1), edit(b, 50)}}
	wrap := analysis.SuggestedFix{Message: "wrap", TextEdits: []analysis.TextEdit{edit(a, 10)}}
	for _, tc := range []struct {
		name  string
		fixes []analysis.SuggestedFix
		want  string
	}{
		{"helper in the file", []analysis.SuggestedFix{helperInFile, wrap}, "helper"},
		{"helper across files", []analysis.SuggestedFix{helperAcross, wrap}, "wrap"},
		{"wrap only", []analysis.SuggestedFix{wrap}, "wrap"},
		{"none in the file", []analysis.SuggestedFix{helperAcross}, ""},
		{"none", nil, ""},
	} {
		got := oneFix(fset, analysis.Diagnostic{Pos: a.Pos(5), SuggestedFixes: tc.fixes})
		switch {
		case tc.want == "" && len(got) != 0:
			t.Errorf("%s: got %d fixes, want none", tc.name, len(got))
		case tc.want != "" && (len(got) != 1 || got[0].Message != tc.want):
			t.Errorf("%s: got %+v, want the %s fix alone", tc.name, got, tc.want)
		}
	}
}

// TestFoldsRelated: golangci-lint gets each finding as one diagnostic whose
// message carries its related information as the command prints it under
// the finding, and no related items of its own.
func TestFoldsRelated(t *testing.T) {
	fset := token.NewFileSet()
	dir := filepath.FromSlash("/work/m")
	f := fset.AddFile(filepath.Join(dir, "c.go"), -1, 100)
	f.SetLines([]int{0, 10, 20})
	inner := &analysis.Analyzer{Name: "ctxnotify", Run: func(pass *analysis.Pass) (any, error) {
		pass.Report(analysis.Diagnostic{Pos: f.Pos(12), Message: "the finding", Related: []analysis.RelatedInformation{
			{Pos: f.Pos(20), Message: "first step"},
			{Pos: f.Pos(25), Message: "second step"},
		}})
		return nil, nil
	}}
	var got []analysis.Diagnostic
	pass := &analysis.Pass{Fset: fset, Report: func(d analysis.Diagnostic) { got = append(got, d) }}
	if _, err := forGolangci(inner, dir).Run(pass); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 {
		t.Fatalf("got %d diagnostics, want 1", len(got))
	}
	want := "the finding\nc.go:3:1: \tfirst step\nc.go:3:6: \tsecond step"
	if got[0].Message != want || got[0].Related != nil {
		t.Errorf("got message %q and %d related items, want %q and none", got[0].Message, len(got[0].Related), want)
	}
}
