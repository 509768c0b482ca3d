package driver

import (
	"fmt"
	"go/token"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// TestOrderEdits: a fix's edits come in the order of their files' names
// and offsets whichever file the load parsed first, and two insertions at
// one offset keep their order.
func TestOrderEdits(t *testing.T) {
	fset := token.NewFileSet()
	b := fset.AddFile("dir/b.go", -1, 100) // parsed first: its positions are the lower
	a := fset.AddFile("dir/a.go", -1, 100)
	edit := func(f *token.File, off int, text string) analysis.TextEdit {
		return analysis.TextEdit{Pos: f.Pos(off), End: f.Pos(off), NewText: []byte(text)}
	}
	// The order in which the checker leaves them: by token.Pos.
	fix := analysis.SuggestedFix{Message: "fix", TextEdits: []analysis.TextEdit{
		edit(b, 10, "b10"), edit(b, 40, "b40"), edit(a, 5, "a5x"), edit(a, 5, "a5y"), edit(a, 60, "a60"),
	}}
	act := &checker.Action{Package: &packages.Package{Fset: fset}, Diagnostics: []analysis.Diagnostic{{SuggestedFixes: []analysis.SuggestedFix{fix}}}}
	orderEdits([]*checker.Action{act})
	var got []string
	for _, e := range act.Diagnostics[0].SuggestedFixes[0].TextEdits {
		got = append(got, fmt.Sprintf("%s@%d", e.NewText, fset.Position(e.Pos).Offset))
	}
	if want := []string{"a5x@5", "a5y@5", "a60@60", "b10@10", "b40@40"}; !slices.Equal(got, want) {
		t.Errorf("edits %q, want %q", got, want)
	}
}
