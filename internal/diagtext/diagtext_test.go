package diagtext

import (
	"go/token"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestRelativeTo checks which files the text output names relatively.
func TestRelativeTo(t *testing.T) {
	dir := filepath.FromSlash("/work/m")
	for _, tc := range []struct{ file, want string }{
		{"/work/m/a/a.go", "a/a.go"},
		{"/work/m/a.go", "a.go"},
		{"/work/mod/a.go", "/work/mod/a.go"}, // a sibling sharing the prefix
		{"/work/a.go", "/work/a.go"},
		{"/root/go/pkg/mod/k8s.io/client-go@v0.37.2/tools/record/event.go", "/root/go/pkg/mod/k8s.io/client-go@v0.37.2/tools/record/event.go"},
		{"..a.go", "..a.go"}, // not absolute: as it is
	} {
		file := filepath.FromSlash(tc.file)
		if got := filepath.ToSlash(RelativeTo(dir, file)); got != tc.want {
			t.Errorf("RelativeTo(%q, %q) = %q, want %q", dir, file, got, tc.want)
		}
	}
	if got := RelativeTo("", "/work/m/a.go"); got != "/work/m/a.go" {
		t.Errorf(`RelativeTo("", …) = %q, want the path unchanged`, got)
	}
}

// TestRelated checks the lines printed under a finding: one per item, its
// message after a tab, each file named as the finding's is.
func TestRelated(t *testing.T) {
	fset := token.NewFileSet()
	dir := filepath.FromSlash("/work/m")
	a := fset.AddFile(filepath.Join(dir, "c", "a.go"), -1, 100)
	a.SetLines([]int{0, 10, 20})
	dep := fset.AddFile(filepath.FromSlash("/mod/dep/dep.go"), -1, 100)
	dep.SetLines([]int{0, 40})
	d := analysis.Diagnostic{Pos: a.Pos(12), Message: "finding", Related: []analysis.RelatedInformation{
		{Pos: a.Pos(21), Message: "a step"},
		{Pos: dep.Pos(40), Message: "an emitter"},
	}}
	want := "\n" + filepath.FromSlash("c/a.go") + ":3:2: \ta step\n" + filepath.FromSlash("/mod/dep/dep.go") + ":2:1: \tan emitter"
	if got := Related(fset, dir, d); got != want {
		t.Errorf("Related = %q, want %q", got, want)
	}
	if got := Related(fset, dir, analysis.Diagnostic{Pos: a.Pos(12)}); got != "" {
		t.Errorf("Related without items = %q, want \"\"", got)
	}
}
