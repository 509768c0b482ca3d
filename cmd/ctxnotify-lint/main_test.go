package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
)

// The tests build the command and run it, as a user would, on a small
// module that needs nothing but the standard library: it declares its own
// recorder and names it a sink with -ctxnotify.sinks.

const sinkFlag = "-ctxnotify.sinks=example.com/m/events.Recorder.Eventf"

var module = map[string]string{
	"go.mod": "module example.com/m\n\ngo 1.26\n",
	"events/events.go": `package events

// Recorder publishes events.
type Recorder struct{}

func (Recorder) Eventf(obj any, eventtype, reason, message string, args ...any) {}
`,
	// a.Notify has no context: an emitter, judged at its callers.
	"a/a.go": `package a

import "example.com/m/events"

func Notify(r events.Recorder, msg string) {
	r.Eventf(nil, "Warning", "Failed", "%s", msg)
}
`,
	// b calls the emitter of package a, unguarded: the finding is in b.
	"b/b.go": `package b

import (
	"context"

	"example.com/m/a"
)

func Reconcile(ctx context.Context, r a.Recorder, failed bool) {
	if failed {
		a.Notify(r.R, "failed")
	}
}
`,
	"a/recorder.go": `package a

import "example.com/m/events"

type Recorder struct{ R events.Recorder }
`,
}

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// command returns the path of the command, built once per test binary.
func command(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "ctxnotify-lint-test")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "ctxnotify-lint")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			buildErr = errors.New(string(out))
		}
	})
	if buildErr != nil {
		t.Fatalf("building the command: %v", buildErr)
	}
	return binPath
}

func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// run runs the command (or go, when args[0] is "go") in dir and returns
// its output streams and exit code.
func run(t *testing.T, dir string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var cmd *exec.Cmd
	if args[0] == "go" {
		cmd = exec.Command("go", args[1:]...)
	} else {
		cmd = exec.Command(command(t), args...)
	}
	cmd.Dir = dir
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return out.String(), errOut.String(), code
}

func TestFindingsCrossPackages(t *testing.T) {
	dir := writeModule(t, module)
	_, stderr, code := run(t, dir, sinkFlag, "./...")
	if code != 3 {
		t.Errorf("exit code %d, want 3 (findings); stderr:\n%s", code, stderr)
	}
	// The emitter lives in package a; its unguarded call is reported in b.
	want := filepath.Join(dir, "b", "b.go") + ":11:3: "
	if !strings.Contains(stderr, want) || !strings.Contains(stderr, "Notify") {
		t.Errorf("stderr lacks the finding at %s for the call of a.Notify:\n%s", want, stderr)
	}
	// (Lines for a.go are allowed only as related information, tab-indented.)
	if regexp.MustCompile(`a\.go:\d+:\d+: [^\t]`).MatchString(stderr) {
		t.Errorf("an emitter without a context was reported itself:\n%s", stderr)
	}
}

func TestNoFindingsExitZero(t *testing.T) {
	dir := writeModule(t, module)
	// Without the sink flag the module has no sinks at all.
	_, stderr, code := run(t, dir, "./...")
	if code != 0 || stderr != "" {
		t.Errorf("exit code %d, stderr %q; want 0 and nothing", code, stderr)
	}
}

func TestLoadErrorExitOne(t *testing.T) {
	files := map[string]string{
		"go.mod": module["go.mod"],
		"c/c.go": "package c\n\nfunc f() int { return \"not an int\" }\n",
	}
	_, stderr, code := run(t, writeModule(t, files), "./...")
	if code != 1 || !strings.Contains(stderr, "c.go:3") {
		t.Errorf("exit code %d, want 1 and the type error; stderr:\n%s", code, stderr)
	}
}

func TestJSON(t *testing.T) {
	dir := writeModule(t, module)
	stdout, stderr, code := run(t, dir, "-json", sinkFlag, "./...")
	if code != 0 {
		t.Fatalf("exit code %d, want 0 with -json; stderr:\n%s", code, stderr)
	}
	// The multichecker's shape: package ID -> analyzer -> diagnostics.
	var tree map[string]map[string][]struct {
		Posn    string `json:"posn"`
		Message string `json:"message"`
	}
	if err := json.Unmarshal([]byte(stdout), &tree); err != nil {
		t.Fatalf("stdout is not the JSON tree: %v\n%s", err, stdout)
	}
	diags := tree["example.com/m/b"]["ctxnotify"]
	if len(diags) != 1 || !strings.HasSuffix(diags[0].Posn, filepath.Join("b", "b.go")+":11:3") || diags[0].Message == "" {
		t.Errorf("want one finding at b.go:11:3 under example.com/m/b, got %+v\n%s", diags, stdout)
	}
}

func TestFix(t *testing.T) {
	dir := writeModule(t, module)
	_, stderr, code := run(t, dir, "-fix", sinkFlag, "./...")
	if code != 0 {
		t.Fatalf("exit code %d, want 0 with -fix; stderr:\n%s", code, stderr)
	}
	fixed, err := os.ReadFile(filepath.Join(dir, "b", "b.go"))
	if err != nil {
		t.Fatal(err)
	}
	if formatted, err := format.Source(fixed); err != nil || !bytes.Equal(formatted, fixed) {
		t.Errorf("fixed file is not gofmt-clean (%v):\n%s", err, fixed)
	}
	if !strings.Contains(string(fixed), "errors.Is(ctx.Err(), context.Canceled)") || !strings.Contains(string(fixed), `"errors"`) {
		t.Errorf("fixed file lacks the guard or the errors import:\n%s", fixed)
	}
	if out, err := exec.Command("go", "-C", dir, "build", "./...").CombinedOutput(); err != nil {
		t.Errorf("fixed module does not build: %v\n%s", err, out)
	}
	if _, stderr, code := run(t, dir, sinkFlag, "./..."); code != 0 {
		t.Errorf("second run: exit code %d, want 0; stderr:\n%s", code, stderr)
	}
}

func TestDiff(t *testing.T) {
	dir := writeModule(t, module)
	stdout, stderr, code := run(t, dir, "-fix", "-diff", sinkFlag, "./...")
	if code != 0 {
		t.Fatalf("exit code %d, want 0; stderr:\n%s", code, stderr)
	}
	name := filepath.Join(dir, "b", "b.go")
	for _, want := range []string{"--- " + name + " (old)\n", "+++ " + name + " (new)\n", "\n@@ -", "\n+\t\tif !errors.Is(ctx.Err(), context.Canceled) {\n"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("diff lacks %q:\n%s", want, stdout)
		}
	}
	if got, _ := os.ReadFile(name); string(got) != module["b/b.go"] {
		t.Errorf("-diff changed the file:\n%s", got)
	}
}

func TestHelp(t *testing.T) {
	dir := t.TempDir()
	stdout, _, code := run(t, dir, "help", "ctxnotify")
	title := strings.SplitN(lintAnalyzer.Doc, "\n", 2)[0]
	if code != 0 || !strings.Contains(stdout, title) || !strings.Contains(stdout, "-ctxnotify.scope") {
		t.Errorf("help ctxnotify: exit code %d, want 0, the doc (%q) and the flags:\n%s", code, title, stdout)
	}
	stdout, _, code = run(t, dir, "help")
	if code != 0 || !strings.Contains(stdout, "ctxnotify") || !strings.Contains(stdout, "-deps") {
		t.Errorf("help: exit code %d, want 0, the analyzer and -deps:\n%s", code, stdout)
	}
}

// TestVet checks that go vet still drives the command through its .cfg
// protocol, with the analyzer flag forwarded.
func TestVet(t *testing.T) {
	dir := writeModule(t, module)
	_, stderr, code := run(t, dir, "go", "vet", "-vettool="+command(t), sinkFlag, "./...")
	if code != 1 || !strings.Contains(stderr, "b.go:11:3: ") {
		t.Errorf("go vet: exit code %d, want 1 and the finding; stderr:\n%s", code, stderr)
	}
}
