package analyzer_test

import (
	"flag"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// The message goldens: the packages whose findings explain themselves
// (stale checks, checks that cover some paths, tests of another call's
// error, the reason at each recorder shape's own argument), those of
// calls through emitter interface methods, and those whose wording
// follows the event's type.
var messageGoldens = []struct {
	golden string
	pkgs   []string
}{
	{"messages.golden", []string{"fresh", "booleans", "errorsis", "guards", "eventsv1/sinks", "eventsv1/flux"}},
	{"ifaces.golden", []string{"ifaces", "ifaces/crossplane", "ifaces/karpenter"}},
	{"trace.golden", []string{"trace/events", "trace", "eventsv1/trace"}},
	{"eventtypes.golden", []string{"eventtypes"}},
}

// The fact goldens: the emitter facts of the packages whose emitters take
// their event type from a parameter, or carry their one constant type.
var factGoldens = []struct {
	golden string
	pkgs   []string
}{
	{"trace.facts.golden", []string{"trace/events", "trace", "eventsv1/trace"}},
	{"eventtypes.facts.golden", []string{"crosspkg/notify", "eventtypes"}},
}

// checkFacts pins the facts exported on the objects of each golden's
// packages, in source order, as -debug=f prints them; -update rewrites
// them.
func checkFacts(t *testing.T, results []*analysistest.Result) {
	for _, g := range factGoldens {
		var b strings.Builder
		for _, pkg := range g.pkgs {
			r := resultOf(t, results, pkg)
			var lines []string
			for obj, facts := range r.Facts {
				if obj == nil {
					continue // package facts
				}
				posn := r.Pass.Fset.Position(obj.Pos())
				for _, f := range facts {
					lines = append(lines, fmt.Sprintf("%s:%05d: %s: %v\n", filepath.Base(posn.Filename), posn.Line, analyzer.MethodName(obj), f))
				}
			}
			slices.Sort(lines)
			for _, l := range lines {
				file, rest, _ := strings.Cut(l, ":")
				line, rest, _ := strings.Cut(rest, ":")
				fmt.Fprintf(&b, "%s/%s:%s:%s", pkg, file, strings.TrimLeft(line, "0"), rest)
			}
		}
		testkit.Golden(t, filepath.Join(testdata, g.golden), b.String(), *update)
	}
}

// checkMessages pins the exact messages and related information of the
// findings of each golden's packages against the reviewed golden file;
// -update rewrites them.
func checkMessages(t *testing.T, results []*analysistest.Result) {
	for _, g := range messageGoldens {
		golden := filepath.Join(testdata, g.golden)
		var b strings.Builder
		seen := make(map[string]bool) // a package with test files is analysed twice, alone and as its test variant
		for _, pkg := range g.pkgs {
			for _, r := range results {
				if r.Pass.Pkg.Path() != pkg {
					continue
				}
				for _, d := range r.Diagnostics {
					var one strings.Builder
					writeDiagnostic(&one, r.Pass, d)
					if !seen[one.String()] {
						seen[one.String()] = true
						b.WriteString(one.String())
					}
				}
			}
		}
		testkit.Golden(t, golden, b.String(), *update)
	}
}

// writeDiagnostic writes a finding and its related information, each
// with its file's name and line.
func writeDiagnostic(b *strings.Builder, pass *analysis.Pass, d analysis.Diagnostic) {
	posn := pass.Fset.Position(d.Pos)
	fmt.Fprintf(b, "%s:%d: %s\n", filepath.Base(posn.Filename), posn.Line, d.Message)
	for _, rel := range d.Related {
		rp := pass.Fset.Position(rel.Pos)
		fmt.Fprintf(b, "\t%s:%d: %s\n", filepath.Base(rp.Filename), rp.Line, rel.Message)
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
