package analyzer_test

import (
	"fmt"
	"os"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
	"github.com/ctxnotify/ctxnotify-lint/internal/driver"
	"github.com/ctxnotify/ctxnotify-lint/internal/synth"
)

// BenchmarkSynthetic runs the analyzer, alone (loading excluded), on the
// synthetic module at 1x, 4x and 16x: the time should grow linearly.
// scripts/bench.sh runs it beside the end-to-end measurements.
func BenchmarkSynthetic(b *testing.B) {
	a, err := analyzer.New(analyzer.Config{Sinks: []string{synth.Sink}})
	if err != nil {
		b.Fatal(err)
	}
	for _, scale := range []int{1, 4, 16} {
		b.Run(fmt.Sprintf("%dx", scale), func(b *testing.B) {
			dir := b.TempDir()
			lines, err := synth.Write(dir, scale)
			if err != nil {
				b.Fatal(err)
			}
			pkgs := loadRoots(b, dir)
			b.ResetTimer()
			for b.Loop() {
				graph, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, nil)
				if err != nil {
					b.Fatal(err)
				}
				for act := range graph.All() {
					if act.Err != nil {
						b.Fatal(act.Err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(lines), "ns/line")
		})
	}
}

// loadRoots loads the module's packages as ctxnotify-lint does: from
// source, their standard library imports from export data, the import
// graph pruned to them.
func loadRoots(b testing.TB, dir string) []*packages.Package {
	pkgs, err := driver.Load(driver.LoadConfig{Dir: dir}, "./...")
	if err != nil {
		b.Fatal(err)
	}
	if driver.PrintErrors(os.Stderr, pkgs) > 0 {
		b.Fatal("synthetic module has errors")
	}
	driver.PruneToAnalysed(pkgs)
	return pkgs
}
