package analyzer_test

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
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

// TestCategoriesDocumented checks the categories that the command's
// documentation lists for tooling (section JSON output) against those the
// catalogue's diagnostics carry, strict mode's and a directive without a
// reason's included: every diagnostic has a documented category, and
// every documented category is met.
func TestCategoriesDocumented(t *testing.T) {
	documented := testkit.ReadJSONContract(t).Categories
	results := analysistest.Run(t, testdata, analyzer.Analyzer, "categories", "directives")
	results = append(results, analysistest.Run(t, testdata, newAnalyzer(t, analyzer.Config{Strict: true}), "strict")...)
	met := make(map[string]bool)
	for _, r := range results {
		for _, d := range r.Diagnostics {
			met[d.Category] = true
			if !slices.Contains(documented, d.Category) {
				t.Errorf("%s: category %q, which the command's documentation does not list", d.Message, d.Category)
			}
		}
	}
	for _, c := range documented {
		if !met[c] {
			t.Errorf("the command's documentation lists the category %q, which no diagnostic of the catalogue carries", c)
		}
	}
}
