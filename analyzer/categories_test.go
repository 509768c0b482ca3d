package analyzer_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
)

// TestCategories checks what each finding says its event is, by the
// category a driver's description of the fix reads.
func TestCategories(t *testing.T) {
	want := map[string]string{
		`"Failed"`:   analyzer.CategoryWarning,
		`"Ready"`:    analyzer.CategoryNormal,
		`"Computed"`: analyzer.CategoryNotification,
		`"Saved"`:    analyzer.CategoryNormalSaved,
		"r.notify":   analyzer.CategoryHandoff,
	}
	results := analysistest.Run(t, testdata, analyzer.Analyzer, "categories")
	seen := 0
	for _, r := range results {
		for _, d := range r.Diagnostics {
			for key, category := range want {
				if strings.Contains(d.Message, key) {
					seen++
					if d.Category != category {
						t.Errorf("%s: category %q, want %q", d.Message, d.Category, category)
					}
				}
			}
		}
	}
	if seen != len(want) {
		t.Errorf("%d findings classified, want %d", seen, len(want))
	}
}
