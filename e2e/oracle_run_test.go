package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ctxnotify/ctxnotify-lint/e2e/internal/rungen"
	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// runOracle runs the oracle over one batch, in stages whose time it
// measures, and reports each program that fails it:
//
//  1. generate the programs and write the batch module;
//  2. build the runner over them (a program that does not compile is a bug
//     of the generator);
//  3. analyze them with -json, pinning crashes to programs;
//  4. apply -fix to a copy, check that each fixed file is gofmt-clean,
//     build the runner over the fixed programs (a program that does not
//     compile fails), and analyze them again: a second run offers no fix;
//  5. run both runners and compare each program's runs.
func runOracle(t *testing.T, bin string, inputs []oracleInput) oracleStats {
	t.Helper()
	o := &oracleRun{t: t, bin: bin, verdicts: make(map[string]*verdict), origin: make(map[string]string)}
	o.generate(inputs)
	dir := testkit.TempDir(t)
	origBin, fixedBin := filepath.Join(dir, "original"), filepath.Join(dir, "fixed")

	o.stage(&o.stats.build, func() {
		for name, errs := range o.orig.build(t, o.names, origBin) {
			o.fail(name, kindGenerator, errs)
		}
	})
	o.stage(&o.stats.analyze, func() {
		var crashes map[string]string
		o.found, crashes = o.orig.analyze(t, bin, o.names)
		for name, output := range crashes {
			o.fail(name, kindCrash, firstLines(output, 12))
		}
	})
	o.stage(&o.stats.fix, func() { o.fix() })
	o.stage(&o.stats.build, func() {
		for name, errs := range o.fixed.build(t, o.names, fixedBin) {
			o.fail(name, kindNoCompile, errs)
		}
	})
	o.stage(&o.stats.analyze, func() { o.secondRun() })
	o.stage(&o.stats.run, func() {
		if len(o.names) == 0 {
			return
		}
		before, after := runRunner(t, origBin), runRunner(t, fixedBin)
		for _, p := range o.progs {
			if slices.Contains(o.names, p.Name) {
				check(o.sites(p), before[p.Name], after[p.Name], o.verdict(p.Name))
			}
		}
	})
	o.report()
	return o.stats
}

// oracleRun is the state of one run of the oracle over a batch.
type oracleRun struct {
	t            *testing.T
	bin          string
	stats        oracleStats
	progs        []*rungen.Program
	origin       map[string]string // where each program comes from, by name
	names        []string          // the programs still in the run: those that have compiled and not crashed the command
	orig, fixed  *batchModule
	found, again map[string][]programFinding // the findings before and after -fix, by program
	verdicts     map[string]*verdict
}

// stage runs do and adds its time to d.
func (o *oracleRun) stage(d *time.Duration, do func()) {
	start := time.Now()
	do()
	*d += time.Since(start)
}

// generate writes the programs and the two batch modules.
func (o *oracleRun) generate(inputs []oracleInput) {
	o.stage(&o.stats.generate, func() {
		for i, in := range inputs {
			p, err := rungen.Generate(fmt.Sprintf("c%02d", i), in.data)
			if err != nil {
				o.t.Fatalf("%s: %v", in.origin, err)
			}
			o.progs = append(o.progs, p)
			o.names = append(o.names, p.Name)
			o.origin[p.Name] = in.origin
			o.stats.count(p.Shapes, nil)
		}
		o.stats.programs = len(o.progs)
		o.orig = writeBatch(o.t, o.progs)
		o.fixed = o.orig.copyTo(o.t)
	})
}

func (o *oracleRun) verdict(name string) *verdict {
	if o.verdicts[name] == nil {
		o.verdicts[name] = &verdict{}
	}
	return o.verdicts[name]
}

// fail records that program name fails with problem, and leaves it out
// of the stages that follow.
func (o *oracleRun) fail(name, kind, problem string) {
	o.verdict(name).add(kind, problem, nil)
	o.names = slices.DeleteFunc(o.names, func(n string) bool { return n == name })
}

// fix applies -fix to the fixed module and checks that each fixed file is
// gofmt-clean. One run of -fix must apply every fix (issue 41); where it
// takes more, the batch fails, and the programs are run as the last run
// left them.
func (o *oracleRun) fix() {
	if len(o.names) == 0 {
		return
	}
	runs, output := o.fixed.fix(o.t, o.bin, o.names)
	if runs > 1 {
		o.t.Errorf("-fix took %d runs to apply every fix; its first said:\n%s", runs, output)
	}
	for name, problem := range o.fixed.formatProblems(o.t, o.names) {
		o.verdict(name).add(kindFormat, problem, nil)
	}
}

// secondRun analyzes the fixed programs: the rule promises that a second
// run reports nothing where a fix was applied.
func (o *oracleRun) secondRun() {
	var crashes map[string]string
	o.again, crashes = o.fixed.analyze(o.t, o.bin, o.names)
	for name, output := range crashes {
		o.fail(name, kindCrash, "on the fixed program: "+firstLines(output, 12))
	}
	for _, p := range o.progs {
		if slices.Contains(o.names, p.Name) {
			checkSecondRun(o.sites(p), o.verdict(p.Name))
		}
	}
}

// sites returns what the checks need to know of a program's sites.
func (o *oracleRun) sites(p *rungen.Program) sites {
	return sites{prog: p, findings: o.found[p.Name], fixedSource: o.fixed.source(o.t, p.Name), again: o.again[p.Name]}
}

// report reports each program that fails, the first few whole.
func (o *oracleRun) report() {
	whole := 0
	for _, p := range o.progs {
		v := o.verdicts[p.Name]
		if v == nil || !v.failed() {
			continue
		}
		o.stats.failed++
		kinds := make(map[string]int)
		for _, k := range v.kinds {
			kinds[k]++
		}
		o.stats.count(nil, kinds)
		full := whole < fullReports || os.Getenv("CTXNOTIFY_ORACLE_VERBOSE") != ""
		whole++
		o.t.Errorf("%s", programReport(p, o.origin[p.Name], v, o.found[p.Name], o.again[p.Name], o.orig.source(o.t, p.Name), o.fixed.source(o.t, p.Name), full))
	}
}

// firstLines returns the first n lines of s.
func firstLines(s string, n int) string {
	lines := strings.SplitAfter(testkit.WithoutDownloads(s), "\n")
	return strings.Join(lines[:min(n, len(lines))], "")
}
