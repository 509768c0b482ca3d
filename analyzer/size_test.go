package analyzer_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
	"github.com/ctxnotify/ctxnotify-lint/internal/synth"
)

// BenchmarkFunctionSize runs the analyzer on one generated function of
// growing size (1x is about 1,200 lines and 75 findings, 16x about 19,000
// lines and 1,200 findings), and BenchmarkNesting on the same blocks each
// nested in the previous one (16x: 1,200 levels). Cost must grow linearly:
// compare ns/line across the sizes (scripts/bench.sh records them).
func BenchmarkFunctionSize(b *testing.B) { benchmarkBigFunction(b, false) }

func BenchmarkNesting(b *testing.B) { benchmarkBigFunction(b, true) }

// BenchmarkDerivations runs the analyzer on one generated function in
// which the code cancels its own contexts (synth.DerivingFunction): 75
// timeouts cancelled right after their call, and as many findings whose
// fix renames one, per 1x; flat and nested. Its ns/line is compared with
// BenchmarkFunctionSize's.
func BenchmarkDerivations(b *testing.B) { benchmarkFlatAndNested(b, synth.DerivingFunction) }

// benchmarkFlatAndNested runs the analyzer on the function gen writes,
// 75 blocks per 1x, flat and nested: one finding per block.
func benchmarkFlatAndNested(b *testing.B, gen func(blocks int, nested bool) string) {
	for _, nested := range []bool{false, true} {
		for _, scale := range bigScales {
			b.Run(fmt.Sprintf("nested=%t/%dx", nested, scale), func(b *testing.B) {
				src := gen(75*scale, nested)
				root := typeCheck(b, src)
				findings := 0
				for b.Loop() {
					findings = len(analyzeRoot(b, root))
				}
				if findings != 75*scale {
					b.Fatalf("%d findings, want %d", findings, 75*scale)
				}
				reportPerLine(b, src)
			})
		}
	}
}

// BenchmarkValueContexts runs the analyzer on one generated function in
// which every context is made from the parameter without a cancel
// (synth.ValueFunction): 75 findings per 1x whose fixes check such a
// context, and as many calls handing one to a function that checks it;
// flat and nested. Its ns/line is compared with BenchmarkFunctionSize's.
func BenchmarkValueContexts(b *testing.B) { benchmarkFlatAndNested(b, synth.ValueFunction) }

// BenchmarkFunctionSizeTypeCheck and BenchmarkNestingTypeCheck type-check
// the same functions: the reference for ns/line, since the type checker
// fills the maps the analyzer reads and grows with the same memory.
func BenchmarkFunctionSizeTypeCheck(b *testing.B) { benchmarkBigTypeCheck(b, false) }

func BenchmarkNestingTypeCheck(b *testing.B) { benchmarkBigTypeCheck(b, true) }

// bigScales are the sizes of the generated function, in multiples of 75
// blocks.
var bigScales = []int{1, 4, 16}

// reportPerLine reports the time of one iteration per line of src.
func reportPerLine(b *testing.B, src string) {
	lines := strings.Count(src, "\n")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(lines), "ns/line")
}

func benchmarkBigFunction(b *testing.B, nested bool) {
	for _, scale := range bigScales {
		b.Run(fmt.Sprintf("%dx", scale), func(b *testing.B) {
			src := synth.BigFunction(75*scale, nested)
			root := typeCheck(b, src)
			findings := 0
			for b.Loop() {
				findings = len(analyzeRoot(b, root))
			}
			if findings != 75*scale {
				b.Fatalf("%d findings, want %d", findings, 75*scale)
			}
			reportPerLine(b, src)
		})
	}
}

func benchmarkBigTypeCheck(b *testing.B, nested bool) {
	for _, scale := range bigScales {
		b.Run(fmt.Sprintf("%dx", scale), func(b *testing.B) {
			src := synth.BigFunction(75*scale, nested)
			file, err := parseSource(b, "", "p.go", src)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, errs := checkSource(b, file); len(errs) > 0 {
					b.Fatal(errs[0])
				}
			}
			reportPerLine(b, src)
		})
	}
}

// TestBigFunction checks the generated function's findings once, in the
// quick test run: one stale event per block, nothing else.
func TestBigFunction(t *testing.T) {
	for _, nested := range []bool{false, true} {
		diags := analyzeRoot(t, typeCheck(t, synth.BigFunction(12, nested)))
		if len(diags) != 12 {
			t.Errorf("nested=%t: %d findings, want 12", nested, len(diags))
		}
		for _, d := range diags {
			if !strings.Contains(d.Message, "after r.client.Update(ctx, …)") || !strings.Contains(d.Message, `"UpdateFailed`) {
				t.Errorf("nested=%t: unexpected finding: %s", nested, d.Message)
			}
		}
	}
}

// TestDerivingFunction checks the generated function's findings once, in
// the quick test run: one per block, each with a fix that checks ctx and
// renames the timeout's context.
func TestDerivingFunction(t *testing.T) {
	for _, nested := range []bool{false, true} {
		diags := analyzeRoot(t, typeCheck(t, synth.DerivingFunction(12, nested)))
		if len(diags) != 12 {
			t.Errorf("nested=%t: %d findings, want 12", nested, len(diags))
		}
		for _, d := range diags {
			// The guarded method first (the type makes 12 such calls), then
			// the check at the call.
			fixes := d.SuggestedFixes
			if len(fixes) != 2 || !slices.ContainsFunc(fixes[1].TextEdits, func(e analysis.TextEdit) bool { return string(e.NewText) == "updateCtx" }) {
				t.Errorf("nested=%t: %s: want the guarded method, then a check that renames the timeout's context first", nested, d.Message)
			}
		}
	}
}

// analyzeRoot runs the analyzer on root (and its dependencies, for their
// facts) and returns root's diagnostics.
func analyzeRoot(tb testing.TB, root *packages.Package) []analysis.Diagnostic {
	tb.Helper()
	return diagnosticsOf(analyzePackage(tb, analyzer.Analyzer, root, nil), root)
}

// typeCheck parses and type-checks src as package p against the stubs.
func typeCheck(tb testing.TB, src string) *packages.Package {
	tb.Helper()
	file, err := parseSource(tb, "", "p.go", src)
	if err != nil {
		tb.Fatal(err)
	}
	root, errs := checkSource(tb, file)
	if len(errs) > 0 {
		tb.Fatal(errs[0])
	}
	return root
}

// TestValueFunction checks the generated function's findings once, in the
// quick test run: one per block, each with a fix.
func TestValueFunction(t *testing.T) {
	for _, nested := range []bool{false, true} {
		diags := analyzeRoot(t, typeCheck(t, synth.ValueFunction(12, nested)))
		if len(diags) != 12 {
			t.Errorf("nested=%t: %d findings, want 12", nested, len(diags))
		}
		for _, d := range diags {
			if !strings.Contains(d.Message, `"UpdateFailed`) || len(d.SuggestedFixes) == 0 {
				t.Errorf("nested=%t: want a fix for each UpdateFailed event: %s", nested, d.Message)
			}
		}
	}
}
