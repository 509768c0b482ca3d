package analyzer_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// TestCategories checks, diagnostic by diagnostic, what each says its
// event is, by the category a driver's description of the fix reads: the
// line of each diagnostic names one expectation (the event's reason, or
// the call that hands a cancelled context on), which no other diagnostic
// meets.
func TestCategories(t *testing.T) {
	want := map[string]string{
		`"Failed"`:      analyzer.CategoryWarning,
		`"Ready"`:       analyzer.CategoryNormal,
		`"Computed"`:    analyzer.CategoryNotification,
		`"Saved"`:       analyzer.CategoryNormalSaved,
		"r.notify(ctx)": analyzer.CategoryHandoff,
	}
	results := analysistest.Run(t, testdata, analyzer.Analyzer, "categories")
	met := make(map[string]bool)
	for _, r := range results {
		for _, d := range r.Diagnostics {
			posn := r.Pass.Fset.Position(d.Pos)
			src, err := os.ReadFile(posn.Filename)
			if err != nil {
				t.Fatal(err)
			}
			line := strings.Split(string(src), "\n")[posn.Line-1]
			var keys []string
			for key := range want {
				if strings.Contains(line, key) {
					keys = append(keys, key)
				}
			}
			if len(keys) != 1 {
				t.Errorf("%s: the line names %d expectations, want 1: %s", posn, len(keys), line)
				continue
			}
			key := keys[0]
			if met[key] {
				t.Errorf("%s: a second diagnostic for %s", posn, key)
			}
			met[key] = true
			if d.Category != want[key] {
				t.Errorf("%s: %s: category %q, want %q", posn, d.Message, d.Category, want[key])
			}
		}
	}
	for key := range want {
		if !met[key] {
			t.Errorf("no diagnostic for %s", key)
		}
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
