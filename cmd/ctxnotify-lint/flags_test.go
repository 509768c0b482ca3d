package main

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// TestDebugFlags checks that the multichecker's debugging flags work
// standalone: -debug (f, p, s, t, v), -v, -trace.
func TestDebugFlags(t *testing.T) {
	t.Parallel()
	dir := testkit.WriteModule(t, testkit.SmallModule)
	trace := filepath.Join(t.TempDir(), "trace.out")
	// A timing line: the duration of one analysis of a package.
	timing := regexp.MustCompile(`(?m)^\S+\t(ctxnotify|inspect)@example\.com/m/`)
	for _, tc := range []struct {
		args   []string
		want   []string // parts of stderr
		timing bool     // stderr has timing lines
	}{
		{[]string{"-debug=t"}, []string{"Warning: times are mostly GC/scheduler noise"}, true},
		{[]string{"-debug=tp"}, nil, true},
		{[]string{"-debug=f"}, []string{"a/a.go:5:6: object func a.Notify(r events.Recorder, msg string) has fact emitter(r.Eventf@a.go:6)"}, false},
		{[]string{"-debug=s"}, nil, false},
		{[]string{"-debug=v"}, []string{"load [./...]", "analyzing "}, false},
		{[]string{"-v"}, []string{"load [./...]"}, false},
		{[]string{"-trace=" + trace}, []string{"go tool trace view " + trace}, false},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			r := testkit.Run(t, dir, testkit.Command(t), append(tc.args, testkit.SmallSinkFlag, "./...")...)
			var diagnostics strings.Builder // stderr without the facts of -debug=f
			for line := range strings.Lines(r.Stderr) {
				if !strings.Contains(line, " has fact ") {
					diagnostics.WriteString(line)
				}
			}
			found, _ := testkit.ParseFindings(t, dir, diagnostics.String())
			if got := testkit.Lines(found); r.Code != 3 || !slices.Equal(got, smallFindings) {
				t.Errorf("exit code %d and findings at %v, want 3 and %v; stderr:\n%s", r.Code, got, smallFindings, r.Stderr)
			}
			for _, want := range tc.want {
				if !strings.Contains(r.Stderr, want) {
					t.Errorf("stderr lacks %q:\n%s", want, r.Stderr)
				}
			}
			if got := timing.MatchString(r.Stderr); got != tc.timing {
				t.Errorf("timing lines: %t, want %t; stderr:\n%s", got, tc.timing, r.Stderr)
			}
		})
	}
	if info, err := os.Stat(trace); err != nil || info.Size() == 0 {
		t.Errorf("-trace wrote no trace: %v", err)
	}
}

// TestFixVerbose checks -fix -v, and that each fix is met once, although
// b's file is in two packages (b and its test variant).
func TestFixVerbose(t *testing.T) {
	t.Parallel()
	dir := testkit.WriteModule(t, testkit.SmallModule)
	r := testkit.Run(t, dir, testkit.Command(t), "-fix", "-v", testkit.SmallSinkFlag, "./...")
	if want := "applied 2 fixes, updated 2 files"; r.Code != 0 || !strings.Contains(r.Stderr, want) {
		t.Errorf("exit code %d, want 0 and %q; stderr:\n%s", r.Code, want, r.Stderr)
	}
}

// TestTags checks that -tags selects the files the packages are loaded
// with: the only finding is in a file built with the tag "special".
func TestTags(t *testing.T) {
	t.Parallel()
	files := maps.Clone(testkit.SmallModule)
	delete(files, "b/b.go")
	delete(files, "c/c.go")
	files["b/special.go"] = `//go:build special

package b

import (
	"context"

	"example.com/m/a"
)

func Reconcile(ctx context.Context, r a.Recorder) {
	a.Notify(r.R, "failed")
}
`
	dir := testkit.WriteModule(t, files)
	bin := testkit.Command(t)
	if r := testkit.Run(t, dir, bin, testkit.SmallSinkFlag, "./..."); r.Code != 0 {
		t.Errorf("without -tags: exit code %d, want 0; stderr:\n%s", r.Code, r.Stderr)
	}
	r := testkit.Run(t, dir, bin, "-tags=special", testkit.SmallSinkFlag, "./...")
	found, _ := testkit.ParseFindings(t, dir, r.Stderr)
	if got, want := testkit.Lines(found), []string{"b/special.go:12"}; r.Code != 3 || !slices.Equal(got, want) {
		t.Errorf("-tags=special: exit code %d and findings at %v, want 3 and %v; stderr:\n%s", r.Code, got, want, r.Stderr)
	}
}

// TestRejectedFlags checks that the legacy go vet flags, which have no
// effect, and bad -debug letters stop the command with exit 2 and a clear
// message, before anything is loaded; and that go vet, whose runs the
// multichecker answers, still accepts the legacy flags.
func TestRejectedFlags(t *testing.T) {
	t.Parallel()
	dir := testkit.WriteModule(t, testkit.SmallModule)
	bin := testkit.Command(t)
	for _, tc := range []struct{ flag, want string }{
		{"-source", "ctxnotify-lint: flag -source is not supported: it is a legacy go vet flag without effect (-deps analyzes the dependencies from source)\n"},
		{"-all", "ctxnotify-lint: flag -all is not supported: it is a legacy go vet flag without effect (the command runs its one analyzer)\n"},
		{"-debug=x", `ctxnotify-lint: invalid value "x" for flag -debug: want letters of "fpstv" (f: log facts, p: no parallelism, s: sanity checks, t: timing, v: verbose)` + "\n"},
	} {
		r := testkit.Run(t, dir, bin, tc.flag, testkit.SmallSinkFlag, "./...")
		if r.Code != 2 || r.Stderr != tc.want || r.Stdout != "" {
			t.Errorf("%s: exit code %d, want 2 and %q alone; output:\n%s", tc.flag, r.Code, tc.want, r.Output)
		}
	}
	r := testkit.Run(t, dir, "go", "vet", "-vettool="+bin, "-source", "-all", testkit.SmallSinkFlag, "./...")
	found, _ := testkit.ParseFindings(t, dir, r.Stderr)
	if got := testkit.Lines(found); r.Code != 1 || !slices.Equal(got, smallFindings) {
		t.Errorf("go vet -source -all: exit code %d and findings at %v, want 1 and %v; stderr:\n%s", r.Code, got, smallFindings, r.Stderr)
	}
}

// TestFlagsHandshake checks -flags, which go vet and go fix ask for the
// flags they may forward: the x/tools multichecker's list, no flag of
// the standalone driver alone (-deps, -debug, profiles, -fix), and each
// with the usage -help prints; and that -help shows every default.
func TestFlagsHandshake(t *testing.T) {
	t.Parallel()
	bin := testkit.Command(t)
	r := testkit.Run(t, t.TempDir(), bin, "-flags")
	var flags []struct {
		Name  string
		Bool  bool
		Usage string
	}
	if err := json.Unmarshal([]byte(r.Stdout), &flags); r.Code != 0 || err != nil {
		t.Fatalf("-flags: exit code %d, %v\n%s", r.Code, err, r.Output)
	}
	help := testkit.Run(t, t.TempDir(), bin, "-help")
	var got []string
	for _, f := range flags {
		got = append(got, fmt.Sprintf("%s %t", f.Name, f.Bool))
		if !strings.Contains(help.Stderr, "\t"+f.Usage+"\n") && !strings.Contains(help.Stderr, "\t"+f.Usage+" (default ") {
			t.Errorf("-flags gives -%s the usage %q, which -help does not print:\n%s", f.Name, f.Usage, help.Stderr)
		}
	}
	want := []string{"V true", "all true", "c false", "ctxnotify true",
		"ctxnotify.generated true", "ctxnotify.guards false", "ctxnotify.roots false", "ctxnotify.scope false", "ctxnotify.sinks false", "ctxnotify.strict true",
		"diff true", "flags true", "json true", "source true", "tags false", "test true", "v true"}
	if !slices.Equal(got, want) {
		t.Errorf("-flags lists\n%s\nwant the multichecker's\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, want := range []string{"(default all)", "(default -1)", "(default true)"} {
		if !strings.Contains(help.Stderr, want) {
			t.Errorf("-help does not show %q:\n%s", want, help.Stderr)
		}
	}
}
