package main

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// badModule is a module without dependencies whose packages are broken in
// one way each, or trip a setting.
var badModule = map[string]string{
	"go.mod":           "module example.com/bad\n\ngo 1.26\n",
	"noparse/p.go":     "package noparse\n\nfunc f( {\n",
	"notype/p.go":      "package notype\n\nvar x int = \"s\"\n",
	"missing/p.go":     "package missing\n\nimport _ \"example.com/nowhere/pkg\"\n",
	"notify/p.go":      notifySrc,
	"notify/ignore.go": "package notify\n\nimport \"context\"\n\nfunc Ignored(ctx context.Context) {\n\t//ctxnotify:ignore\n\tNotify(\"x\")\n}\n",
	"plain/p.go":       "package plain\n\nfunc F() {}\n",
}

const notifySrc = `package notify

import "context"

func Notify(msg string) {}

func Run(ctx context.Context) {
	if ctx.Err() != nil {
		return
	}
	Notify("x")
}
`

const sinkNotify = "-ctxnotify.sinks=example.com/bad/notify.Notify"

// TestBadInput checks that broken packages and bad settings each give a
// clear message and the documented exit code (standalone: 1 for load or
// analysis errors, 2 for bad flags, 3 for findings; go vet: 1 for all but
// unknown flags, 2), and never a stack trace.
func TestBadInput(t *testing.T) {
	t.Parallel()
	bin := testkit.Command(t)
	dir := testkit.WriteModule(t, badModule)
	for _, tc := range []struct {
		name       string
		args       []string
		standalone int // exit code of the command
		vet        int // exit code of go vet -vettool
		want       string
	}{
		{"does not parse", []string{"./noparse"}, 1, 1, `expected ')', found '{'`},
		{"does not type-check", []string{"./notype"}, 1, 1, `cannot use "s" (untyped string constant) as int value`},
		{"missing dependency", []string{"./missing"}, 1, 1, "no required module provides package example.com/nowhere/pkg"},
		{"no such directory", []string{"./nowhere"}, 1, 1, "nowhere: directory not found"},
		{"unknown flag", []string{"-bogus", "./plain"}, 2, 2, "flag provided but not defined: -bogus"},
		{"bad scope", []string{"-ctxnotify.scope=bogus", "./plain"}, 2, 1, `scope: "bogus" is not a scope; use "all" or "reconcile"`},
		{"unqualified sink", []string{"-ctxnotify.sinks=Notify", "./plain"}, 2, 1, `sinks: "Notify": want pkgpath.Func or pkgpath.Type.Method`},
		{"bad roots", []string{"-ctxnotify.roots=(", "./plain"}, 2, 1, `roots: "(" is not a regular expression`},
		{"bad guard", []string{"-ctxnotify.guards=a.b c", "./plain"}, 2, 1, `guards: "a.b c": want pkgpath.Func`},
		{"ignore without reason", []string{sinkNotify, "./notify"}, 3, 1, "//ctxnotify:ignore needs a reason"},
		{"sink names nothing", []string{"-ctxnotify.sinks=example.com/bad/notify.Nope.Send", "./notify"}, 1, 1,
			`sinks: "example.com/bad/notify.Nope.Send" names nothing: package example.com/bad/notify declares no function or method Nope.Send`},
		{"guard names nothing", []string{"-ctxnotify.guards=example.com/bad/notify.Stopping", "./notify"}, 1, 1,
			`guards: "example.com/bad/notify.Stopping" names nothing`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := testkit.Run(t, dir, bin, tc.args...)
			vet := testkit.Run(t, dir, "go", append([]string{"vet", "-vettool=" + bin}, tc.args...)...)
			checkBadOutput(t, "go vet", vet, tc.vet, tc.want)
			checkBadOutput(t, "standalone", r, tc.standalone, tc.want)
			// The message comes once: standalone, and under go vet, which
			// names one package here.
			if n := strings.Count(r.Output, tc.want); n != 1 {
				t.Errorf("standalone: %q printed %d times, want once:\n%s", tc.want, n, r.Output)
			}
			if n := strings.Count(vet.Output, tc.want); n != 1 {
				t.Errorf("go vet: %q printed %d times, want once:\n%s", tc.want, n, vet.Output)
			}
		})
	}
}

// TestBadSettingOneLine checks that a bad -ctxnotify.* value costs one
// line: standalone, and under go vet and go fix one per package they
// name, nothing for the dependencies they analyse only for their facts
// (the standard library's among them), and never the usage. The line
// names the setting and says what it takes.
func TestBadSettingOneLine(t *testing.T) {
	t.Parallel()
	bin := testkit.Command(t)
	dir := testkit.WriteModule(t, testkit.SmallModule)
	named := strings.Fields(testkit.Run(t, dir, "go", "list", "./...").Stdout)
	if len(named) != 5 {
		t.Fatalf("go list ./...: %v, want the small module's five packages", named)
	}
	for _, tc := range []struct{ flag, line string }{
		{"-ctxnotify.scope=bogus", `ctxnotify-lint: -ctxnotify.scope: "bogus" is not a scope; use "all" or "reconcile"`},
		{"-ctxnotify.roots=(", "ctxnotify-lint: -ctxnotify.roots: \"(\" is not a regular expression (error parsing regexp: missing closing ): `(`); want regular expressions over pkgpath.Recv.Method or pkgpath.Func"},
		{"-ctxnotify.sinks=Notify", `ctxnotify-lint: -ctxnotify.sinks: "Notify": want pkgpath.Func or pkgpath.Type.Method, e.g. example.com/events.Notify`},
		{"-ctxnotify.guards=!x", `ctxnotify-lint: -ctxnotify.guards: "x": want pkgpath.Func or pkgpath.Type.Method, e.g. example.com/events.Notify`},
	} {
		t.Run(tc.flag, func(t *testing.T) {
			t.Parallel()
			for _, run := range []struct {
				mode  string
				args  []string
				code  int
				lines int // the line, once per package named
			}{
				{"standalone", []string{bin, tc.flag, "./..."}, 2, 1},
				{"go vet", []string{"go", "vet", "-vettool=" + bin, tc.flag, "./..."}, 1, len(named)},
				{"go vet -json", []string{"go", "vet", "-vettool=" + bin, "-json", tc.flag, "./..."}, 1, len(named)},
				{"go fix", []string{"go", "fix", "-fixtool=" + bin, tc.flag, "./..."}, 1, len(named)},
				{"go vet of a package with dependencies", []string{"go", "vet", "-vettool=" + bin, tc.flag, "./c"}, 1, 1},
			} {
				r := testkit.Run(t, dir, run.args[0], run.args[1:]...)
				var lines []string
				for line := range strings.Lines(r.Output) {
					if !strings.HasPrefix(line, "# ") { // go's header of a package's output
						lines = append(lines, strings.TrimSuffix(line, "\n"))
					}
				}
				if r.Code != run.code || len(lines) != run.lines || slices.ContainsFunc(lines, func(l string) bool { return l != tc.line }) {
					t.Errorf("%s: exit code %d, output\n%s\nwant %d and, %d times, the line\n%s", run.mode, r.Code, r.Output, run.code, run.lines, tc.line)
				}
			}
		})
	}
}

// stackTrace matches the lines a panic or a fatal runtime error prints.
var stackTrace = regexp.MustCompile(`(?m)^(panic: |goroutine \d+ |fatal error: )`)

func checkBadOutput(t *testing.T, mode string, r testkit.Result, wantCode int, want string) {
	t.Helper()
	if r.Code != wantCode {
		t.Errorf("%s: exit code %d, want %d\n%s", mode, r.Code, wantCode, r.Output)
	}
	if !strings.Contains(r.Output, want) {
		t.Errorf("%s: output does not say %q:\n%s", mode, want, r.Output)
	}
	if strings.Contains(r.Output, "ctxnotify: ctxnotify: ") {
		t.Errorf("%s: doubled prefix:\n%s", mode, r.Output)
	}
	if stackTrace.MatchString(r.Output) {
		t.Errorf("%s: output has a stack trace:\n%s", mode, r.Output)
	}
}

// TestFixReportsAnalysisErrors checks that -fix, like the other modes, says
// when the analysis failed instead of exiting 0 in silence.
func TestFixReportsAnalysisErrors(t *testing.T) {
	t.Parallel()
	dir := testkit.WriteModule(t, map[string]string{"go.mod": badModule["go.mod"], "notify/p.go": notifySrc})
	r := testkit.Run(t, dir, testkit.Command(t), "-fix", "-ctxnotify.sinks=example.com/bad/notify.Nope.Send", "./notify")
	checkBadOutput(t, "standalone -fix", r, 1, "names nothing")
}

// TestDisabledChecksNoNames checks that -ctxnotify=false leaves the
// configured names alone, standalone and under go vet: an entry that
// names nothing is no error when no analyzer would use it.
func TestDisabledChecksNoNames(t *testing.T) {
	t.Parallel()
	bin := testkit.Command(t)
	dir := testkit.WriteModule(t, badModule)
	args := []string{"-ctxnotify=false", "-ctxnotify.sinks=example.com/bad/nope.Send", "./plain"}
	for mode, r := range map[string]testkit.Result{
		"standalone": testkit.Run(t, dir, bin, args...),
		"go vet":     testkit.Run(t, dir, "go", append([]string{"vet", "-vettool=" + bin}, args...)...),
	} {
		if r.Code != 0 || r.Output != "" {
			t.Errorf("%s: exit code %d, output %q; want 0 and nothing", mode, r.Code, r.Output)
		}
	}
}
