package e2e

import (
	"fmt"
	"os/exec"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// A programFinding is a finding of the command's -json output in a
// program.
type programFinding struct {
	line, col int
	message   string
	fix       string // the message of its first fix, which -fix applies; "" when it has none
}

func (f programFinding) String() string {
	fix := "no fix"
	if f.fix != "" {
		fix = "fix: " + f.fix
	}
	return fmt.Sprintf("%d:%d [%s] %s", f.line, f.col, fix, f.message)
}

// crashed reports whether a run of the command crashed.
func crashed(r testkit.Result) bool {
	return strings.Contains(r.Output, "panic:") || strings.Contains(r.Output, "internal error") ||
		strings.Contains(r.Output, "goroutine ") && strings.Contains(r.Output, "[running]")
}

// analyze runs the command with -json over the programs named, in the
// module, and returns their findings by program. The command crashing is
// a failure of each program it crashes on: where it crashes over the
// batch, it is run over each program alone (its output names no package)
// and the crashes are returned by program, with their output; the
// findings are those of a last run over the others.
func (m *batchModule) analyze(t *testing.T, bin string, names []string) (found map[string][]programFinding, crashes map[string]string) {
	t.Helper()
	found, crashes = make(map[string][]programFinding), make(map[string]string)
	if len(names) == 0 {
		return found, crashes
	}
	r := testkit.Run(t, m.dir, bin, append([]string{"-json"}, patterns(names)...)...)
	if crashed(r) {
		crashes = m.crashesAlone(t, bin, names)
		var rest []string
		for _, n := range names {
			if crashes[n] == "" {
				rest = append(rest, n)
			}
		}
		if len(rest) == 0 {
			return found, crashes
		}
		r = testkit.Run(t, m.dir, bin, append([]string{"-json"}, patterns(rest)...)...)
	}
	if r.Code != 0 || crashed(r) {
		t.Fatalf("%s -json over the programs it does not crash on alone: exit code %d\n%s", bin, r.Code, r.Output)
	}
	decodeFindings(t, m.dir, r.Stdout, found)
	return found, crashes
}

// crashesAlone runs the command with -json over each program alone, as
// many at a time as there are CPUs, and returns the output of those it
// crashes on.
func (m *batchModule) crashesAlone(t *testing.T, bin string, names []string) map[string]string {
	t.Helper()
	crashes := make(map[string]string)
	type run struct {
		name string
		p    *testkit.Process
	}
	var running []run
	wait := func() {
		r := running[0].p.Wait(t)
		if crashed(r) {
			crashes[running[0].name] = r.Output
		}
		running = running[1:]
	}
	for _, n := range names {
		if len(running) == runtime.NumCPU() {
			wait()
		}
		cmd := exec.Command(bin, "-json", "./"+n)
		cmd.Dir = m.dir
		running = append(running, run{n, testkit.Start(t, cmd)})
	}
	for len(running) > 0 {
		wait()
	}
	return crashes
}

// decodeFindings decodes the command's -json output into found, by
// program, each sorted by position.
func decodeFindings(t *testing.T, dir, stdout string, found map[string][]programFinding) {
	t.Helper()
	for _, d := range decodeDiagnostics(t, stdout) {
		m := posn.FindStringSubmatch(d.Posn)
		if m == nil {
			t.Fatalf("a finding's position %q is no file:line:column", d.Posn)
		}
		var f programFinding
		f.line, _ = strconv.Atoi(m[2]) // digits, by the pattern
		f.col, _ = strconv.Atoi(m[3])
		f.message = d.Message
		if len(d.SuggestedFixes) > 0 {
			f.fix = d.SuggestedFixes[0].Message
		}
		name, _, _ := strings.Cut(testkit.Rel(t, dir, m[1]), "/")
		found[name] = append(found[name], f)
	}
	for _, fs := range found {
		sort.Slice(fs, func(i, j int) bool {
			return fs[i].line < fs[j].line || fs[i].line == fs[j].line && fs[i].col < fs[j].col
		})
	}
}

var posn = regexp.MustCompile(`^(.+\.go):(\d+):(\d+)$`)

// fixRounds bounds the runs of -fix over a batch: one should apply every
// fix (issue 41), the others apply what conflicts left out, so that the
// fixed programs are run whole all the same.
const fixRounds = 4

// fix runs the command with -fix over the programs named and returns how
// many runs it took to apply every fix, with the output of the first. A
// run after the first may find that a fix applied before does not compile:
// it says so and exits 1 (the build of the fixed programs reports it).
func (m *batchModule) fix(t *testing.T, bin string, names []string) (runs int, first string) {
	t.Helper()
	for runs = 1; runs <= fixRounds; runs++ {
		r := testkit.Run(t, m.dir, bin, append([]string{"-fix"}, patterns(names)...)...)
		if runs == 1 {
			first = r.Output
		}
		switch {
		case crashed(r):
			t.Fatalf("%s -fix crashed where -json did not:\n%s", bin, r.Output)
		case r.Code == 1 && strings.Contains(r.Output, "Re-run the command"):
			continue
		case r.Code == 0, r.Code == 1 && runs > 1 && strings.Contains(r.Output, " has errors: "):
			return runs, first
		}
		t.Fatalf("%s -fix (run %d): exit code %d\n%s", bin, runs, r.Code, r.Output)
	}
	t.Fatalf("%s -fix still left fixes out after %d runs:\n%s", bin, fixRounds, first)
	return runs, first
}
