package analyzer_test

import (
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), analyzer.Analyzer,
		"sinks", "guards", "contexts", "closures", "emitters", "directives", "crosspkg/guard", "crosspkg/notify", "crosspkg/controller")
}

func TestScopeReconcile(t *testing.T) {
	a := newAnalyzer(t, analyzer.Config{Scope: "reconcile", Roots: []string{`^scope\.R\.Run$`}})
	analysistest.Run(t, analysistest.TestData(), a, "scope")
}

func TestStrict(t *testing.T) {
	a := newAnalyzer(t, analyzer.Config{Strict: true})
	analysistest.Run(t, analysistest.TestData(), a, "strict")
}

func newAnalyzer(t *testing.T, c analyzer.Config) *analysis.Analyzer {
	t.Helper()
	a, err := analyzer.New(c)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
