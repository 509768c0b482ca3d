package analyzer_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
)

// TestReview checks the pass's result, the judgement calls -describe
// names: the events no context reaches (not those of a finding's chain, of
// Trace calls only, or of an exported function), and the contexts and
// cancel functions the package keeps.
func TestReview(t *testing.T) {
	acts := analyze(t, testdata, analyzer.Analyzer, "review")
	var got []string
	for _, act := range acts {
		r, ok := act.Result.(*analyzer.Review)
		if !ok || r == nil {
			t.Fatalf("%s: no review (%T)", act.Package.PkgPath, act.Result)
		}
		for _, p := range r.Unguarded {
			got = append(got, fmt.Sprintf("unguarded %s in %s at %s:%d", p.Name, p.Func, filepath.Base(p.File), p.Line))
		}
		for _, p := range r.Own {
			got = append(got, fmt.Sprintf("own %s at %s:%d", p.Name, filepath.Base(p.File), p.Line))
		}
	}
	want := []string{
		"unguarded InventoryBuildFailed in observe at review.go:25",
		"own base at review.go:13",
		"own R.interrupt at review.go:18",
	}
	if !slices.Equal(got, want) {
		t.Errorf("review:\n%q\nwant:\n%q", got, want)
	}
}
