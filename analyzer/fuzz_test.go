package analyzer_test

import (
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
)

// FuzzReconciler generates a reconciler-shaped file from the input (see
// reconcilerSource), analyzes it against the stubs in testdata/src, applies
// every suggested fix and checks that: nothing panics and no pass fails;
// two runs agree; no call is reported twice; one -fix run applies every
// fix; the fixed file parses, type-checks, and has no fixable finding
// left. What the fixed code does when it runs is the e2e module's run-time
// oracle's to check (FuzzRunTime), not a model of the analyzer's own. Without -fuzz it runs the
// random seeds of fuzzGenerated and those in testdata/fuzz/FuzzReconciler.
//
//	go test -run '^$' -fuzz '^FuzzReconciler$' -fuzztime 10m -fuzzminimizetime 0 ./analyzer
//
// runs 150 to 200 inputs a second on 2 cores (24,000 in 120 s on a shared
// machine, against 2,900 before each input was analysed alone: see
// analyzeAlone). Minimizing an input of a generator gains little and
// stalls the search, by default for up to a minute per new input (44
// inputs in 120 s). With -fuzzminimizetime 10x (150 a second) the search
// found its first bug, a fix that does not parse, in one run of four of 2
// to 4 minutes; without minimizing, in three runs of five.
func FuzzReconciler(f *testing.F) {
	fuzzGenerated(f, rand.New(rand.NewPCG(1, 2)), 8, checkGenerated)
}

// fuzzGenerated is the setup the fuzz tests of generated reconcilers
// share: long random seeds drawn from rng (64 to 255 bytes), then 8 short
// ones (4 to 31), and check called on each input. Long inputs make large
// programs that use most of the grammar; the fuzzer's own finds are small
// ones (testdata/fuzz). Short ones make small programs, which cost about
// half as much: the fuzzer mutates each seed in turn, and their mutations
// stay short.
func fuzzGenerated(f *testing.F, rng *rand.Rand, long int, check func(t *testing.T, data []byte)) {
	addRandomSeeds(f, rng, long, 64, 256)
	addRandomSeeds(f, rng, 8, 4, 32)
	f.Fuzz(check)
}

// addRandomSeeds adds n random inputs of minLen to maxLen-1 bytes.
func addRandomSeeds(f *testing.F, rng *rand.Rand, n, minLen, maxLen int) {
	for range n {
		seed := make([]byte, minLen+rng.IntN(maxLen-minLen))
		for i := range seed {
			seed[i] = byte(rng.Uint32())
		}
		f.Add(seed)
	}
}

func checkGenerated(t *testing.T, data []byte) {
	src := reconcilerSource(data)
	if len(data) > 0 && data[0]%4 != 0 {
		// Most real code is gofmt-clean; some is not.
		formatted, err := format.Source([]byte(src))
		if err != nil {
			t.Fatalf("generated source does not parse: %v\n%s", err, src)
		}
		src = string(formatted)
	}
	a := fuzzAnalyzer(t, data)

	first := analyzeTwice(t, src, func(r run) *analyzed {
		return analyzeSource(t, a, src, "generated source", r)
	})

	formatted := first.fixed // MergeFixes formats what it fixes, if that parses
	if len(first.applied) == 0 {
		var err error
		if formatted, err = format.Source(first.fixed); err != nil {
			t.Fatalf("generated source does not parse: %v\n%s", err, src)
		}
	}
	file, err := parseInMemory(t, string(formatted))
	if err != nil {
		t.Fatalf("fixed source does not parse: %v\n%s\nfrom:\n%s", err, formatted, src)
	}
	second := analyzeFile(t, a, file, string(formatted), "fixed source", fixedRun)
	// A fix only adds guards, imports and parameter names, so the n-th
	// call that is not Is or Err is the same call before and after.
	fixedSites := make(map[int]bool)
	before := first.callIndex()
	for _, d := range first.applied {
		fixedSites[before[d.Pos]] = true
	}
	after := second.callIndex()
	for _, d := range second.diags {
		if i, ok := after[d.Pos]; ok && fixedSites[i] && len(d.SuggestedFixes) > 0 {
			t.Fatalf("%s: still fixable after its fix: %s\nfixed:\n%s\nfrom:\n%s",
				second.tf.Position(d.Pos), d.Message, formatted, src)
		}
	}
}

// analyzeTwice returns the first run of analyze over src, after a repeat
// run: the two must agree, and no call may be reported twice.
func analyzeTwice(t *testing.T, src string, analyze func(run) *analyzed) *analyzed {
	t.Helper()
	first := analyze(firstRun)
	if again := analyze(repeatRun); again.render() != first.render() {
		t.Fatalf("two runs differ:\n%s\nthen:\n%s\nsource:\n%s", first.render(), again.render(), src)
	}
	seen := make(map[token.Pos]bool)
	for _, d := range first.diags {
		if seen[d.Pos] {
			t.Fatalf("%s reported twice:\n%s\nsource:\n%s", first.tf.Position(d.Pos), first.render(), src)
		}
		seen[d.Pos] = true
	}
	return first
}

// fuzzAnalyzer picks the default settings, scope reconcile or strict mode.
// Each is made once: the facts of the stubs are computed once per
// analyzer.
func fuzzAnalyzer(t *testing.T, data []byte) *analysis.Analyzer {
	var (
		a   *analysis.Analyzer
		err error
	)
	switch {
	case len(data) > 0 && data[len(data)-1]%4 == 2:
		a, err = reconcileScope()
	case len(data) > 0 && data[len(data)-1]%4 == 3:
		a, err = strictMode()
	default:
		a = analyzer.Analyzer
	}
	if err != nil {
		t.Fatal(err)
	}
	return a
}

var (
	reconcileScope = sync.OnceValues(func() (*analysis.Analyzer, error) {
		return analyzer.New(analyzer.Config{Scope: "reconcile"})
	})
	strictMode = sync.OnceValues(func() (*analysis.Analyzer, error) {
		return analyzer.New(analyzer.Config{Strict: true})
	})
)

// analyzeSource type-checks src as package p and returns the findings in
// it, and, but for a repeatRun, the source with the fixes applied as the
// command's -fix applies them. A syntax or type error, or a failed pass,
// fails the test.
func analyzeSource(t *testing.T, a *analysis.Analyzer, src, what string, r run) *analyzed {
	t.Helper()
	file, err := parseInMemory(t, src)
	if err != nil {
		t.Fatalf("%s does not parse: %v\n%s", what, err, src)
	}
	return analyzeFile(t, a, file, src, what, r)
}

// analyzeFile is analyzeSource of the file parsed from src.
func analyzeFile(t *testing.T, a *analysis.Analyzer, file *ast.File, src, what string, r run) *analyzed {
	t.Helper()
	root, errs := checkSource(t, file)
	if len(errs) > 0 {
		t.Fatalf("%s does not type-check: %v\n%s", what, errs, src)
	}
	return analyzeAndFix(t, a, root, src, r)
}

// analyzed is the outcome of one run over package p.
type analyzed struct {
	diags   []analysis.Diagnostic
	tf      *token.File
	file    *ast.File
	fixed   []byte                // the source with every fix that merges applied
	applied []analysis.Diagnostic // the findings whose fix is in fixed
}

// callIndex numbers the calls of the file in source order, leaving out
// those a fix inserts (Is and Err), so that a call keeps its number.
func (r *analyzed) callIndex() map[token.Pos]int {
	index := make(map[token.Pos]int)
	ast.Inspect(r.file, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			name := ""
			switch fun := call.Fun.(type) {
			case *ast.Ident:
				name = fun.Name
			case *ast.SelectorExpr:
				name = fun.Sel.Name
			}
			if name != "Is" && name != "Err" {
				index[call.Pos()] = len(index)
			}
		}
		return true
	})
	return index
}

// render prints findings and their edits, to compare runs.
func (r *analyzed) render() string {
	tf := r.tf
	var b strings.Builder
	for _, d := range r.diags {
		fmt.Fprintf(&b, "%d: %s\n", tf.Offset(d.Pos), d.Message)
		for _, fix := range d.SuggestedFixes {
			for _, e := range fix.TextEdits {
				fmt.Fprintf(&b, "\t%d-%d %q\n", tf.Offset(e.Pos), tf.Offset(e.End), e.NewText)
			}
		}
	}
	return b.String()
}
