package analyzer_test

import (
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// TestOnePlace checks, over the catalogue's fix packages, that no type
// mixes a guarded helper with inline checks of direct recorder calls, and
// that no function that only emits gets more than one check.
func TestOnePlace(t *testing.T) {
	for _, tc := range []struct {
		name string
		pkgs []string
		cfg  analyzer.Config
	}{
		{"all", fixPackages, analyzer.Config{}},
		{"reconcile", reconcileFixPackages, analyzer.Config{Scope: analyzer.ScopeReconcile}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, act := range analyze(t, testdata, newAnalyzer(t, tc.cfg), tc.pkgs...) {
				for _, v := range testkit.OnePlace(act.Package.Fset, act.Package.Syntax, act.Diagnostics) {
					t.Errorf("%s: %s", act.Package.PkgPath, v)
				}
			}
		})
	}
}
