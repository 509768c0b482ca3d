package analyzer_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// messagePackages are the packages whose findings explain themselves
// (stale checks, checks that cover some paths, tests of another call's
// error, the reason at each recorder shape's own argument).
var messagePackages = []string{"fresh", "booleans", "errorsis", "guards", "eventsv1/sinks", "eventsv1/flux"}

// checkMessages pins the exact messages and related information of the
// findings of messagePackages against a reviewed golden file; -update
// rewrites it.
func checkMessages(t *testing.T, results []*analysistest.Result) {
	var b strings.Builder
	for _, pkg := range messagePackages {
		r := resultOf(t, results, pkg)
		for _, d := range r.Diagnostics {
			posn := r.Pass.Fset.Position(d.Pos)
			fmt.Fprintf(&b, "%s:%d: %s\n", filepath.Base(posn.Filename), posn.Line, d.Message)
			for _, rel := range d.Related {
				fmt.Fprintf(&b, "\t%d: %s\n", r.Pass.Fset.Position(rel.Pos).Line, rel.Message)
			}
		}
	}
	golden := filepath.Join(testdata, "messages.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != string(want) {
		t.Errorf("messages differ from %s (run with -update after review):\ngot:\n%s\nwant:\n%s", golden, got, want)
	}
}

// resultOf returns the result of the package pkg (not its test variant).
func resultOf(t *testing.T, results []*analysistest.Result, pkg string) *analysistest.Result {
	t.Helper()
	for _, r := range results {
		if r.Pass.Pkg.Path() == pkg {
			return r
		}
	}
	t.Fatalf("no result for package %s", pkg)
	return nil
}
