package analyzer_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestMessages pins the exact messages and related information of the
// findings that explain themselves (stale checks, checks that cover some
// paths, tests of another call's error) against a reviewed golden file;
// -update rewrites it.
func TestMessages(t *testing.T) {
	results := analysistest.Run(t, testdata, analyzer.Analyzer, "fresh", "booleans", "errorsis", "guards")
	results = append(results, analysistest.Run(t, eventsv1, analyzer.Analyzer, "eventsv1/sinks", "eventsv1/flux")...)
	var b strings.Builder
	for _, r := range results {
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
