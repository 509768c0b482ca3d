package main

import (
	"bytes"
	"encoding/json"
	"go/format"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// The tests build the command and run it, as a user would, on
// testkit.SmallModule: it needs nothing but the standard library, declares
// its own recorder and names it a sink with -ctxnotify.sinks.

func TestMain(m *testing.M) { os.Exit(testkit.Main(m)) }

// The findings of the small module: unguarded calls of emitters that live
// in package a, one called directly (b) and one reached through a package
// that does not import a itself (c).
var smallFindings = []string{"b/b.go:11", "c/c.go:10"}

func TestFindingsCrossPackages(t *testing.T) {
	t.Parallel()
	dir := testkit.WriteModule(t, testkit.SmallModule)
	r := testkit.Run(t, dir, testkit.Command(t), testkit.SmallSinkFlag, "./...")
	if r.Code != 3 {
		t.Errorf("exit code %d, want 3 (findings); stderr:\n%s", r.Code, r.Stderr)
	}
	found, other := testkit.ParseFindings(t, dir, r.Stderr)
	if got := testkit.Lines(found); !slices.Equal(got, smallFindings) || len(other) > 0 {
		t.Errorf("findings at %v, want %v and nothing else; stderr:\n%s", got, smallFindings, r.Stderr)
	}
	for _, f := range found {
		if !strings.Contains(f.Message, "Notify") {
			t.Errorf("%v: the message does not name the emitter", f)
		}
	}
	// a's lines may only appear as related information, tab-indented: an
	// emitter without a context is judged at its callers.
	if regexp.MustCompile(`a\.go:\d+:\d+: [^\t]`).MatchString(r.Stderr) {
		t.Errorf("an emitter without a context was reported itself:\n%s", r.Stderr)
	}
}

func TestNoFindingsExitZero(t *testing.T) {
	t.Parallel()
	dir := testkit.WriteModule(t, testkit.SmallModule)
	// Without the sink flag the module has no sinks at all.
	if r := testkit.Run(t, dir, testkit.Command(t), "./..."); r.Code != 0 || r.Output != "" {
		t.Errorf("exit code %d, output %q; want 0 and nothing", r.Code, r.Output)
	}
}

func TestLoadErrorExitOne(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"go.mod": testkit.SmallModule["go.mod"],
		"c/c.go": "package c\n\nfunc f() int { return \"not an int\" }\n",
	}
	r := testkit.Run(t, testkit.WriteModule(t, files), testkit.Command(t), "./...")
	if r.Code != 1 || !strings.Contains(r.Stderr, "c.go:3") {
		t.Errorf("exit code %d, want 1 and the type error; stderr:\n%s", r.Code, r.Stderr)
	}
}

// jsonTree is the multichecker's -json shape: package ID -> analyzer ->
// diagnostics.
type jsonTree map[string]map[string][]struct {
	Posn    string `json:"posn"`
	Message string `json:"message"`
}

// TestJSON checks the JSON tree, and that each finding is in it once,
// under its package, although b's file is also part of "b [b.test]".
func TestJSON(t *testing.T) {
	t.Parallel()
	dir := testkit.WriteModule(t, testkit.SmallModule)
	r := testkit.Run(t, dir, testkit.Command(t), "-json", testkit.SmallSinkFlag, "./...")
	if r.Code != 0 {
		t.Fatalf("exit code %d, want 0 with -json; stderr:\n%s", r.Code, r.Stderr)
	}
	var tree jsonTree
	if err := json.Unmarshal([]byte(r.Stdout), &tree); err != nil {
		t.Fatalf("stdout is not the JSON tree: %v\n%s", err, r.Stdout)
	}
	var got []string
	for pkg, byAnalyzer := range tree {
		for name, diags := range byAnalyzer {
			for _, d := range diags {
				if d.Message == "" {
					t.Errorf("%s: %s: a finding without a message", pkg, d.Posn)
				}
				got = append(got, pkg+" "+name+" "+testkit.Rel(t, dir, d.Posn))
			}
		}
	}
	slices.Sort(got)
	want := []string{"example.com/m/b ctxnotify b/b.go:11:3", "example.com/m/c ctxnotify c/c.go:10:2"}
	if !slices.Equal(got, want) {
		t.Errorf("findings %q, want %q\n%s", got, want, r.Stdout)
	}
}

func TestFix(t *testing.T) {
	t.Parallel()
	dir := testkit.WriteModule(t, testkit.SmallModule)
	bin := testkit.Command(t)
	if r := testkit.Run(t, dir, bin, "-fix", testkit.SmallSinkFlag, "./..."); r.Code != 0 {
		t.Fatalf("exit code %d, want 0 with -fix; output:\n%s", r.Code, r.Output)
	}
	for _, name := range []string{"b/b.go", "c/c.go"} {
		fixed, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		if formatted, err := format.Source(fixed); err != nil || !bytes.Equal(formatted, fixed) {
			t.Errorf("fixed %s is not gofmt-clean (%v):\n%s", name, err, fixed)
		}
		if !strings.Contains(string(fixed), "errors.Is(ctx.Err(), context.Canceled)") || !strings.Contains(string(fixed), `"errors"`) {
			t.Errorf("fixed %s lacks the check or the errors import:\n%s", name, fixed)
		}
	}
	if r := testkit.Run(t, dir, "go", "build", "./..."); r.Code != 0 {
		t.Errorf("fixed module does not build:\n%s", r.Output)
	}
	if r := testkit.Run(t, dir, bin, testkit.SmallSinkFlag, "./..."); r.Code != 0 {
		t.Errorf("second run: exit code %d, want 0; output:\n%s", r.Code, r.Output)
	}
}

func TestDiff(t *testing.T) {
	t.Parallel()
	dir := testkit.WriteModule(t, testkit.SmallModule)
	r := testkit.Run(t, dir, testkit.Command(t), "-fix", "-diff", testkit.SmallSinkFlag, "./...")
	if r.Code != 0 {
		t.Fatalf("exit code %d, want 0; stderr:\n%s", r.Code, r.Stderr)
	}
	name := filepath.Join(dir, "b", "b.go")
	for _, want := range []string{"--- " + name + " (old)\n", "+++ " + name + " (new)\n", "\n@@ -", "\n-\tif failed {\n+\tif failed && !errors.Is(ctx.Err(), context.Canceled) {\n \t\ta.Notify(r.R, \"failed\")\n"} {
		if !strings.Contains(r.Stdout, want) {
			t.Errorf("diff lacks %q:\n%s", want, r.Stdout)
		}
	}
	got, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != testkit.SmallModule["b/b.go"] {
		t.Errorf("-diff changed the file:\n%s", got)
	}
}

// TestDescribe checks that -describe follows the diff with what the
// change does, for its reviewers.
func TestDescribe(t *testing.T) {
	t.Parallel()
	dir := testkit.WriteModule(t, testkit.SmallModule)
	r := testkit.Run(t, dir, testkit.Command(t), "-fix", "-diff", "-describe", testkit.SmallSinkFlag, "./...")
	if r.Code != 0 {
		t.Fatalf("exit code %d, want 0; stderr:\n%s", r.Code, r.Stderr)
	}
	diff, description, ok := strings.Cut(r.Stdout, "\nThis change skips ")
	if !ok || !strings.HasPrefix(diff, "--- ") || !strings.Contains(description, "Timeouts (context.DeadlineExceeded) still notify.") {
		t.Errorf("want the diff, then the description; got:\n%s", r.Stdout)
	}
}

func TestHelp(t *testing.T) {
	t.Parallel()
	dir, bin := t.TempDir(), testkit.Command(t)
	r := testkit.Run(t, dir, bin, "help", "ctxnotify")
	title, _, _ := strings.Cut(analyzer.Analyzer.Doc, "\n")
	if r.Code != 0 || !strings.Contains(r.Stdout, title) || !strings.Contains(r.Stdout, "-ctxnotify.scope") {
		t.Errorf("help ctxnotify: exit code %d, want 0, the doc (%q) and the flags:\n%s", r.Code, title, r.Output)
	}
	r = testkit.Run(t, dir, bin, "help")
	if r.Code != 0 || !strings.Contains(r.Stdout, "ctxnotify") || !strings.Contains(r.Stdout, "-deps") {
		t.Errorf("help: exit code %d, want 0, the analyzer and -deps:\n%s", r.Code, r.Output)
	}
}

// TestVet checks that go vet still drives the command through its .cfg
// protocol, with the analyzer flag forwarded, and prints what the
// standalone command prints, related information included: the emitters
// of package a are in another package than their calls, which go vet
// reads from export data.
func TestVet(t *testing.T) {
	t.Parallel()
	dir := testkit.WriteModule(t, testkit.SmallModule)
	r := testkit.Run(t, dir, "go", "vet", "-vettool="+testkit.Command(t), testkit.SmallSinkFlag, "./...")
	found, _ := testkit.ParseFindings(t, dir, r.Stderr)
	if got := testkit.Lines(found); r.Code != 1 || !slices.Equal(got, smallFindings) {
		t.Errorf("go vet: exit code %d and findings at %v, want 1 and %v; stderr:\n%s", r.Code, got, smallFindings, r.Stderr)
	}
	r = testkit.Run(t, dir, testkit.Command(t), testkit.SmallSinkFlag, "./...")
	standalone, _ := testkit.ParseFindings(t, dir, r.Stderr)
	if !slices.Equal(found, standalone) {
		t.Errorf("go vet prints\n%s\nthe standalone command\n%s", testkit.List(found), testkit.List(standalone))
	}
	for _, f := range found {
		if f.Related == "" {
			t.Errorf("%v: no related information", f)
		}
	}
}

// TestConfiguredPackageTypo checks that a -sinks entry whose package path
// has a typo is an error: inside the analysed module in every mode (the
// analyzer knows the module's packages), anywhere in standalone mode (the
// driver knows every package it loaded).
func TestConfiguredPackageTypo(t *testing.T) {
	t.Parallel()
	dir := testkit.WriteModule(t, testkit.SmallModule)
	inModule := "-ctxnotify.sinks=example.com/m/evnets.Recorder.Eventf"
	elsewhere := "-ctxnotify.sinks=example.org/notifier.Send"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{testkit.Command(t), inModule, "./..."}, `"example.com/m/evnets.Recorder.Eventf" names nothing: no package this run loads is example.com/m/evnets`},
		{[]string{testkit.Command(t), elsewhere, "./..."}, `"example.org/notifier.Send" names nothing: no package this run loads is example.org/notifier`},
		{[]string{"go", "vet", "-vettool=" + testkit.Command(t), inModule, "./..."}, `"example.com/m/evnets.Recorder.Eventf" names nothing: module example.com/m has no package example.com/m/evnets`},
	} {
		r := testkit.Run(t, dir, tc.args[0], tc.args[1:]...)
		if r.Code != 1 || !strings.Contains(r.Stderr, tc.want) {
			t.Errorf("%v: exit code %d, want 1 and %q; stderr:\n%s", tc.args[1:], r.Code, tc.want, r.Stderr)
		}
	}
	// The correct spelling is accepted.
	if r := testkit.Run(t, dir, testkit.Command(t), testkit.SmallSinkFlag, "./..."); r.Code != 3 {
		t.Errorf("%s: exit code %d, want 3; stderr:\n%s", testkit.SmallSinkFlag, r.Code, r.Stderr)
	}
}
