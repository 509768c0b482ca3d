package main_test

// The end-to-end test builds a real golangci-lint with the plugin (this
// module's command) and the ctxnotify-lint command, runs both on
// two test modules, and checks that golangci-lint reports exactly what the
// command reports and the "// finding" comments mark, honours nolint,
// applies the same fixes, reads the settings and writes SARIF. The modules:
// testdata/module here (small, with a stand-in recorder; also used for the
// settings) and the repository's example module (real client-go,
// controller-runtime and Flux). Building golangci-lint takes minutes on a
// cold build cache: "go test -short" skips the test. It lives in this
// module, not in the plugin's package, so that the root module's
// "go test ./..." never builds golangci-lint.

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

type finding = testkit.Finding

func TestMain(m *testing.M) {
	code := testkit.Main(m)
	if gclDir != "" {
		if err := os.RemoveAll(gclDir); err != nil {
			fmt.Fprintln(os.Stderr, err)
			code = max(code, 1)
		}
	}
	os.Exit(code)
}

var (
	gclOnce sync.Once
	gclDir  string
	gclPath string
	gclErr  error
)

// golangciLint returns the golangci-lint built with the plugin from this
// module, once per test binary.
func golangciLint(t *testing.T) string {
	t.Helper()
	gclOnce.Do(func() {
		gclDir, gclErr = os.MkdirTemp("", "golangci-lint-test")
		if gclErr != nil {
			return
		}
		gclPath = filepath.Join(gclDir, "golangci-lint")
		cmd := exec.Command("go", "build", "-buildvcs=false", "-o", gclPath, ".")
		cmd.Dir = filepath.Join(testkit.Root(t), "tools", "golangci-lint")
		if out, err := cmd.CombinedOutput(); err != nil {
			gclErr = fmt.Errorf("%v\n%s", err, out)
		}
	})
	if gclErr != nil {
		t.Fatalf("building golangci-lint: %v", gclErr)
	}
	return gclPath
}

// tools holds the binaries under test and the golangci-lint cache they share.
type tools struct {
	golangciLint, ctxnotifyLint string
	cache                       string
}

func TestGolangciLint(t *testing.T) {
	if testing.Short() {
		t.Skip("builds golangci-lint with the plugin: minutes on a cold build cache")
	}
	tl := buildTools(t)

	t.Run("module", func(t *testing.T) {
		t.Parallel()
		testSmallModule(t, tl)
	})

	// The module with real client-go, controller-runtime and Flux
	// dependencies that the command's own end-to-end tests use.
	t.Run("e2e", func(t *testing.T) {
		t.Parallel()
		testCommon(t, tl, filepath.Join(testkit.Root(t), "example"))
	})

	// The root .golangci.yml is the example users copy: it must run clean
	// on this repository, whose tests live in three modules (golangci-lint
	// finds the configuration in a parent directory). The three run at once:
	// the configuration does not allow parallel runners, so the flag does
	// (golangci-lint otherwise locks a file and gives up after five seconds).
	for name, module := range map[string]string{"project": ".", "project e2e": "e2e", "project tools": "tools/golangci-lint"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join(testkit.Root(t), filepath.FromSlash(module))
			if out, code := tl.run(t, dir, "run", "--allow-parallel-runners", "./..."); code != 0 {
				t.Errorf("golangci-lint run on the repository's module %s: exit code %d\n%s", module, code, out)
			}
		})
	}
}

// TestVersion checks what docs/golangci-lint.md says of this module's
// main.go: "golangci-lint version" names the golangci-lint release and
// the ctxnotify-lint module in place of the commit.
func TestVersion(t *testing.T) {
	if testing.Short() {
		t.Skip("builds golangci-lint with the plugin: minutes on a cold build cache")
	}
	r := testkit.Run(t, t.TempDir(), golangciLint(t), "version")
	want := regexp.MustCompile(`^golangci-lint has version \(devel\) built with go\S+ from golangci-lint v2\.15\.0, ctxnotify-lint \S* at \.\./\.\. on `)
	if r.Code != 0 || !want.MatchString(r.Output) {
		t.Errorf("golangci-lint version: exit code %d, want 0 and a line matching %s:\n%s", r.Code, want, r.Output)
	}
	// docs/golangci-lint.md shows the line of this module's build.
	shown := 0
	for _, line := range docCodeLines(t) {
		if strings.HasPrefix(line, "golangci-lint has version ") {
			shown++
			if !want.MatchString(line) {
				t.Errorf("docs/golangci-lint.md shows %q, not the line of this module's build (%s)", line, want)
			}
		}
	}
	if shown == 0 {
		t.Error("docs/golangci-lint.md shows no line of golangci-lint version")
	}
}

// buildTools builds golangci-lint from the tools module and ctxnotify-lint
// from this module into a temporary directory.
func buildTools(t *testing.T) tools {
	t.Helper()
	return tools{
		golangciLint:  golangciLint(t),
		ctxnotifyLint: testkit.Command(t),
		cache:         t.TempDir(),
	}
}

// testSmallModule runs the common checks on testdata/module, then the ones
// that need its known layout: a runnable outside reconcile code and a
// function that only configuration makes a sink, for the settings.
func testSmallModule(t *testing.T, tl tools) {
	src, err := filepath.Abs(filepath.Join("testdata", "module"))
	if err != nil {
		t.Fatal(err)
	}
	testCommon(t, tl, src)

	dir := testkit.CopyModule(t, src)
	all := tl.lint(t, dir, "", 1)
	heartbeat := lineOf(t, dir, "controllers/heartbeat.go", "h.Recorder.Event(")
	page := lineOf(t, dir, "controllers/heartbeat.go", "pager.Page(")

	t.Run("docs", func(t *testing.T) {
		// docs/golangci-lint.md shows a finding with its related line
		// as golangci-lint prints it for this module.
		writeConfig(t, dir, "")
		out, _ := tl.run(t, dir, "run", "./...")
		if want := docFinding(t); !strings.Contains(out, want) {
			t.Errorf("docs/golangci-lint.md shows:\n%s\ngolangci-lint prints:\n%s", want, out)
		}
	})

	t.Run("scope reconcile", func(t *testing.T) {
		got := tl.lint(t, dir, "scope: reconcile", 1)
		want := tl.cli(t, dir, "-ctxnotify.scope=reconcile")
		sameFindings(t, got, want)
		if _, ok := findingAt(all, heartbeat); !ok {
			t.Errorf("scope all: no finding at %s, a runnable with a usable context", heartbeat)
		}
		if f, ok := findingAt(got, heartbeat); ok {
			t.Errorf("scope reconcile: %v reported, but no Reconcile method reaches it", f)
		}
	})

	t.Run("configured sink", func(t *testing.T) {
		if f, ok := findingAt(all, page); ok {
			t.Fatalf("default settings: %v reported, but pager.Page is no sink", f)
		}
		got := tl.lint(t, dir, "sinks:\n  - example.com/e2e/internal/pager.Page", 1)
		want := tl.cli(t, dir, "-ctxnotify.sinks=example.com/e2e/internal/pager.Page")
		sameFindings(t, got, want)
		if _, ok := findingAt(got, page); !ok {
			t.Errorf("no finding at %s once pager.Page is configured as a sink; got:\n%s", page, testkit.List(got))
		}
	})

	t.Run("vscode-go command line", func(t *testing.T) {
		// docs/editors.md: VS Code's Go extension lints a package on save
		// with golangci-lint v2 run in the package's directory with these
		// flags, and reads file:line:col: lines, a path relative to that
		// directory or absolute. Each finding, and each of its related
		// lines, must name a file it finds.
		// A cache of its own: golangci-lint's does not tell the
		// directories it runs in apart, and the other subtests run in the
		// module's root, where the related lines' paths differ.
		writeConfig(t, dir, "")
		pkg := filepath.Join(dir, "controllers")
		vscode := tools{golangciLint: tl.golangciLint, cache: t.TempDir()}
		out, code := vscode.run(t, pkg, "run", "--issues-exit-code=0", "--output.text.print-issued-lines=false", "--show-stats=false", "--output.text.path=stdout", "--path-mode=abs")
		lines := 0
		for _, m := range regexp.MustCompile(`(?m)^(\S+\.go):\d+:\d+: `).FindAllStringSubmatch(out, -1) {
			lines++
			file := m[1]
			if !filepath.IsAbs(file) {
				file = filepath.Join(pkg, file)
			}
			if _, err := os.Stat(file); err != nil {
				t.Errorf("the extension would not find %s: %v", m[1], err)
			}
		}
		if code != 0 || lines < 2 || !strings.Contains(out, "(ctxnotify)") {
			t.Errorf("exit code %d, %d lines of findings and related information; want 0 and the package's findings:\n%s", code, lines, out)
		}
	})

	t.Run("exit codes", func(t *testing.T) {
		// The golangci-lint row of the command's table of exit codes.
		var row testkit.ExitCodeRow
		for _, r := range testkit.ExitCodes(t) {
			if strings.HasPrefix(r.Mode, "golangci-lint ") {
				row = r
			}
		}
		broken := testkit.CopyModule(t, src)
		if err := os.WriteFile(filepath.Join(broken, "controllers", "broken.go"), []byte("package controllers\n\nvar broken int = \"s\"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		for i, run := range []struct {
			dir, settings, pattern string
		}{
			{dir, "", "./internal/..."}, // helpers without a context: no finding
			{dir, "", "./..."},
			{broken, "", "./..."},
			{dir, "scope: everything", "./..."},
		} {
			writeConfig(t, run.dir, run.settings)
			if out, code := tl.run(t, run.dir, "run", run.pattern); code != row.Codes[i] {
				t.Errorf("%s, %s: exit code %d, the table says %d\n%s", row.Mode, testkit.ExitCodeColumns[i], code, row.Codes[i], out)
			}
		}
	})

	t.Run("bad settings", func(t *testing.T) {
		var outputs string
		for _, tt := range []struct{ settings, want string }{
			{"scope: everything", `ctxnotify: scope: "everything" is not a scope`},
			{"scopes: all", `ctxnotify: unknown setting "scopes"`},
			{"strict: sometimes", "ctxnotify: strict: got a string, want true or false"},
			{"roots: Reconcile", "ctxnotify: roots: got a string, want a list of"},
			{"sinks:\n  - Page", `ctxnotify: sinks: "Page": want pkgpath.Func or pkgpath.Type.Method`},
			{"guards:\n  example.com/x.Stopping: true", "ctxnotify: guards: got a mapping, want a list of"},
			// Checked when the analyzer meets the package, not at start-up.
			{"sinks:\n  - example.com/e2e/internal/pager.Nope", `ctxnotify: sinks: "example.com/e2e/internal/pager.Nope" names nothing`},
		} {
			writeConfig(t, dir, tt.settings)
			out, code := tl.run(t, dir, "run", "./...")
			outputs += out
			if code != 3 {
				t.Errorf("settings %q: exit code %d, want 3; output:\n%s", tt.settings, code, out)
			}
			// Errors met while running come through golangci-lint's logger, quoted.
			if !strings.Contains(strings.ReplaceAll(out, `\"`, `"`), tt.want) {
				t.Errorf("settings %q: output does not contain %q:\n%s", tt.settings, tt.want, out)
			}
		}
		// docs/golangci-lint.md shows messages of these runs.
		for _, msg := range docMessages(t) {
			if !strings.Contains(outputs, msg) {
				t.Errorf("docs/golangci-lint.md shows %q, which no run with bad settings prints", msg)
			}
		}
	})
}

// testCommon checks what holds for any test module whose reported lines
// carry a "// finding" comment, one of them "// finding: cross-package ...".
// The checks on copies of their own run in parallel once it returns.
func testCommon(t *testing.T, tl tools, src string) {
	src, err := filepath.Abs(src)
	if err != nil {
		t.Fatal(err)
	}
	dir := testkit.CopyModule(t, src)
	goCmd(t, dir, "build", "./...")
	markers := testkit.Markers(t, dir)
	if len(markers) == 0 {
		t.Fatalf("%s has no // finding markers", src)
	}
	want := tl.cli(t, dir)
	var got []finding

	t.Run("findings", func(t *testing.T) {
		sarif := filepath.Join(t.TempDir(), "ctxnotify.sarif")
		got = tl.lint(t, dir, "", 1, "--output.sarif.path="+sarif)
		sameFindings(t, got, want)
		sameLines(t, got, markers)
		checkSARIF(t, sarif, dir, got)
	})

	t.Run("cross-package emitter", func(t *testing.T) {
		// Facts about helpers in other packages reach golangci-lint's run.
		var cross []testkit.Marker
		for _, m := range markers {
			if strings.Contains(m.Text, "cross-package") {
				cross = append(cross, m)
			}
		}
		if len(cross) == 0 {
			t.Fatal(`no "// finding: cross-package ..." marker: the module must call an emitter of another package`)
		}
		for _, m := range cross {
			if _, ok := findingAt(got, m.At); !ok {
				t.Errorf("no finding at %s, a call of an emitter in another package; got:\n%s", m.At, testkit.List(got))
			}
		}
	})

	t.Run("cached", func(t *testing.T) {
		// The same run again, answered from golangci-lint's cache.
		again := tl.lint(t, dir, "", 1)
		sameFindings(t, again, got)
	})

	t.Run("nolint", func(t *testing.T) {
		t.Parallel()
		d := testkit.CopyModule(t, src)
		suppressed := markers[0].At
		addNolint(t, d, suppressed)
		code := 1
		if len(markers) == 1 {
			code = 0
		}
		after := tl.lint(t, d, "", code)
		if f, ok := findingAt(after, suppressed); ok {
			t.Errorf("//nolint:ctxnotify did not suppress %v", f)
		}
		var rest []finding
		for _, f := range got {
			if f.At() != suppressed {
				rest = append(rest, f)
			}
		}
		sameFindings(t, after, rest)
	})

	t.Run("clean", func(t *testing.T) {
		t.Parallel()
		d := testkit.CopyModule(t, src)
		for _, m := range markers {
			addNolint(t, d, m.At)
		}
		sarif := filepath.Join(t.TempDir(), "ctxnotify.sarif")
		after := tl.lint(t, d, "", 0, "--output.sarif.path="+sarif)
		sameFindings(t, after, nil)
		checkSARIF(t, sarif, d, nil)
	})

	t.Run("fix", func(t *testing.T) {
		t.Parallel()
		byLint, byCLI := testkit.CopyModule(t, src), testkit.CopyModule(t, src)
		cliFix := tl.startCLI(t, byCLI, "-fix")
		tl.lintFix(t, byLint)
		if r := cliFix.Wait(t); r.Code != 0 {
			t.Fatalf("ctxnotify-lint -fix: exit code %d\n%s", r.Code, r.Output)
		}
		testkit.SameGoFiles(t, byLint, "golangci-lint --fix", byCLI, "ctxnotify-lint -fix")
		goCmd(t, byLint, "build", "./...")
		goCmd(t, byLint, "vet", "./...")
		if out := goOutput(t, byLint, "fmt", "./..."); out != "" {
			t.Errorf("go fmt changed fixed files:\n%s", out)
		}
		left := tl.startCLI(t, byLint)
		after := tl.lint(t, byLint, "", -1)
		sameFindings(t, after, cliFindings(t, byLint, left))
		if len(after) >= len(got) {
			t.Errorf("--fix fixed nothing: %d findings before, %d after", len(got), len(after))
		}
	})
}

// lint runs golangci-lint on dir with the ctxnotify settings given as YAML
// (indented under "settings:"), checks the exit code (wantCode -1: 1 with
// findings, 0 without) and returns the findings.
func (tl tools) lint(t *testing.T, dir, settings string, wantCode int, args ...string) []finding {
	t.Helper()
	writeConfig(t, dir, settings)
	jsonOut := filepath.Join(t.TempDir(), "out.json")
	args = append([]string{"run", "--output.json.path=" + jsonOut, "--output.text.path=stdout"}, args...)
	out, code := tl.run(t, dir, append(args, "./...")...)
	if code != wantCode && (wantCode != -1 || code > 1) {
		t.Fatalf("golangci-lint %s: exit code %d, want %d; output:\n%s", strings.Join(args, " "), code, wantCode, out)
	}
	data, err := os.ReadFile(jsonOut)
	if err != nil {
		t.Fatal(err)
	}
	var res struct {
		Issues []struct {
			FromLinter string
			Text       string
			Pos        struct {
				Filename     string
				Line, Column int
			}
		}
	}
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatalf("golangci-lint JSON output: %v\n%s", err, data)
	}
	var found []finding
	for _, is := range res.Issues {
		if is.FromLinter != "ctxnotify" {
			t.Errorf("issue from linter %q, want only ctxnotify: %s", is.FromLinter, is.Text)
		}
		// The plugin folds related information into the message:
		// golangci-lint would make each item an issue of its own.
		if strings.Contains(is.Text, "(related information)") {
			t.Errorf("related information reported as an issue: %s at %s:%d:%d", is.Text, is.Pos.Filename, is.Pos.Line, is.Pos.Column)
		}
		f := finding{File: testkit.Rel(t, dir, is.Pos.Filename), Line: is.Pos.Line, Column: is.Pos.Column}
		f.Message, f.Related = testkit.Unfold(t, dir, is.Text)
		// The text output shows the same finding, its related lines
		// under it, named for the linter.
		if lines := fmt.Sprintf("%d:%d: %s (ctxnotify)", f.Line, f.Column, is.Text); !strings.Contains(out, lines) {
			t.Errorf("text output has no lines ending in %q:\n%s", lines, out)
		}
		found = append(found, f)
	}
	if wantCode == -1 && code != min(len(found), 1) {
		t.Errorf("golangci-lint %s: exit code %d with %d findings", strings.Join(args, " "), code, len(found))
	}
	return testkit.Sorted(found)
}

// lintFix runs golangci-lint --fix on dir with default settings.
func (tl tools) lintFix(t *testing.T, dir string) {
	t.Helper()
	writeConfig(t, dir, "")
	out, code := tl.run(t, dir, "run", "--fix", "./...")
	if code != 0 && code != 1 {
		t.Fatalf("golangci-lint run --fix: exit code %d; output:\n%s", code, out)
	}
}

// run runs golangci-lint in dir and returns its combined output and exit code.
func (tl tools) run(t *testing.T, dir string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(tl.golangciLint, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOLANGCI_LINT_CACHE="+tl.cache, "GOWORK=off")
	r := testkit.RunCmd(t, cmd)
	return r.Output, r.Code
}

// cli runs ctxnotify-lint on dir and returns its findings. -deps analyzes
// the dependencies from source, as golangci-lint does for facts.
func (tl tools) cli(t *testing.T, dir string, flags ...string) []finding {
	t.Helper()
	return cliFindings(t, dir, tl.startCLI(t, dir, flags...))
}

// startCLI starts ctxnotify-lint -deps on dir in the background, so that
// golangci-lint can run meanwhile.
func (tl tools) startCLI(t *testing.T, dir string, flags ...string) *testkit.Process {
	t.Helper()
	args := append([]string{"-deps"}, flags...)
	cmd := exec.Command(tl.ctxnotifyLint, append(args, "./...")...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	return testkit.Start(t, cmd)
}

// cliFindings waits for a ctxnotify-lint run on dir and returns the
// findings it printed, with their related information, which must be all
// it printed.
func cliFindings(t *testing.T, dir string, p *testkit.Process) []finding {
	t.Helper()
	r := p.Wait(t)
	found, other := testkit.ParseFindings(t, dir, r.Stderr)
	if len(other) > 0 || r.Stdout != "" {
		t.Fatalf("%s: unexpected output besides the findings:\n%s", p, r.Output)
	}
	if want := map[bool]int{true: 3, false: 0}[len(found) > 0]; r.Code != want {
		t.Fatalf("%s: exit code %d, want %d; output:\n%s", p, r.Code, want, r.Output)
	}
	return found
}

// writeConfig writes dir/.golangci.yml enabling only ctxnotify, with the
// given settings, and without golangci-lint's limits on repeated issues and
// on issues per line (two calls on one line are two findings). Parallel
// runners are allowed: golangci-lint otherwise locks a file in the system's
// temporary directory and gives up after five seconds.
func writeConfig(t *testing.T, dir, settings string) {
	t.Helper()
	var b strings.Builder
	b.WriteString(`version: "2"
run:
  allow-parallel-runners: true
linters:
  default: none
  enable:
    - ctxnotify
  settings:
    custom:
      ctxnotify:
        type: module
        description: event emissions not guarded against context cancellation
`)
	if settings != "" {
		b.WriteString("        settings:\n")
		for line := range strings.Lines(settings) {
			b.WriteString("          " + line)
		}
		b.WriteString("\n")
	}
	b.WriteString(`issues:
  max-issues-per-linter: 0
  max-same-issues: 0
  uniq-by-line: false
`)
	if err := os.WriteFile(filepath.Join(dir, ".golangci.yml"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// checkSARIF checks that path holds a SARIF 2.1.0 log with one ctxnotify
// result per finding, at the finding's position and with its message.
func checkSARIF(t *testing.T, path, dir string, want []finding) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var log struct {
		Version string `json:"version"`
		Schema  string `json:"$schema"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name string `json:"name"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID  string `json:"ruleId"`
				Level   string `json:"level"`
				Message struct {
					Text string `json:"text"`
				} `json:"message"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
						Region struct {
							StartLine   int `json:"startLine"`
							StartColumn int `json:"startColumn"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatalf("SARIF output is not JSON: %v\n%s", err, data)
	}
	if log.Version != "2.1.0" || log.Schema == "" || len(log.Runs) != 1 || log.Runs[0].Tool.Driver.Name == "" {
		t.Fatalf("SARIF output lacks version 2.1.0, $schema, one run or the tool name:\n%s", data)
	}
	var got []finding
	for _, r := range log.Runs[0].Results {
		if r.RuleID != "ctxnotify" {
			t.Errorf("SARIF result has rule id %q, want ctxnotify", r.RuleID)
		}
		if r.Level == "" || len(r.Locations) != 1 {
			t.Errorf("SARIF result lacks a level or has %d locations, want 1", len(r.Locations))
			continue
		}
		loc := r.Locations[0].PhysicalLocation
		if filepath.IsAbs(loc.ArtifactLocation.URI) {
			t.Errorf("SARIF location %q is absolute, want it relative so code scanning can place it", loc.ArtifactLocation.URI)
		}
		f := finding{File: testkit.Rel(t, dir, loc.ArtifactLocation.URI), Line: loc.Region.StartLine, Column: loc.Region.StartColumn}
		f.Message, f.Related = testkit.Unfold(t, dir, r.Message.Text)
		got = append(got, f)
	}
	sameFindings(t, testkit.Sorted(got), want)
}

// addNolint puts //nolint:ctxnotify on the marked line at (file:line).
func addNolint(t *testing.T, dir, at string) {
	t.Helper()
	file, lineStr, ok := strings.Cut(at, ":")
	n, err := strconv.Atoi(lineStr)
	if !ok || err != nil {
		t.Fatalf("%q is not file:line", at)
	}
	path := filepath.Join(dir, filepath.FromSlash(file))
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	if n < 1 || n > len(lines) {
		t.Fatalf("%s has no line %d", file, n)
	}
	lines[n-1] = strings.Replace(lines[n-1], "// finding", "//nolint:ctxnotify // finding", 1)
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
}

// lineOf returns file:line of the first line of file containing text.
func lineOf(t *testing.T, dir, file, text string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(file)))
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(string(data), "\n") {
		if strings.Contains(line, text) {
			return fmt.Sprintf("%s:%d", file, i+1)
		}
	}
	t.Fatalf("%s has no line containing %q", file, text)
	return ""
}

func findingAt(found []finding, at string) (finding, bool) {
	for _, f := range found {
		if f.At() == at {
			return f, true
		}
	}
	return finding{}, false
}

func sameFindings(t *testing.T, got, want []finding) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("golangci-lint findings differ from ctxnotify-lint's\ngot:\n%s\nwant:\n%s", testkit.List(got), testkit.List(want))
	}
}

func sameLines(t *testing.T, got []finding, markers []testkit.Marker) {
	t.Helper()
	at, want := testkit.Lines(got), testkit.MarkedLines(markers)
	if !slices.Equal(at, want) {
		t.Errorf("findings are not on the // finding lines\ngot:  %v\nwant: %v", at, want)
	}
}

func goCmd(t *testing.T, dir string, args ...string) {
	t.Helper()
	goOutput(t, dir, args...)
}

func goOutput(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	r := testkit.RunCmd(t, cmd)
	if r.Code != 0 {
		t.Fatalf("go %s in %s: exit code %d\n%s", strings.Join(args, " "), dir, r.Code, r.Output)
	}
	return strings.TrimSpace(r.Output)
}

// docMessages returns the lines of the code block of docs/golangci-lint.md
// that shows the messages of bad settings (the one whose lines start with
// "ctxnotify:").
func docMessages(t *testing.T) []string {
	t.Helper()
	var msgs []string
	for _, line := range docCodeLines(t) {
		if strings.HasPrefix(line, "ctxnotify: ") {
			msgs = append(msgs, strings.TrimSpace(line))
		}
	}
	if len(msgs) == 0 {
		t.Fatal("docs/golangci-lint.md shows no message of bad settings")
	}
	return msgs
}

// docCodeLines returns the lines of docs/golangci-lint.md's code blocks,
// those inside a list item unindented.
func docCodeLines(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(testkit.Root(t), "docs", "golangci-lint.md"))
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	fenced := false
	for line := range strings.Lines(string(data)) {
		line = strings.TrimPrefix(line, "  ")
		switch {
		case strings.HasPrefix(line, "```"):
			fenced = !fenced
		case fenced:
			lines = append(lines, line)
		}
	}
	return lines
}

// docFinding returns the lines of findings that docs/golangci-lint.md
// shows in a code block (a finding and its related lines), unindented.
func docFinding(t *testing.T) string {
	t.Helper()
	var lines []string
	for _, line := range docCodeLines(t) {
		if docFindingLine.MatchString(line) {
			lines = append(lines, line)
		}
	}
	if len(lines) < 2 {
		t.Fatalf("docs/golangci-lint.md shows %d lines of a finding, want one with its related lines", len(lines))
	}
	return strings.Join(lines, "")
}

var docFindingLine = regexp.MustCompile(`^[\w/]+\.go:\d+:\d+: `)
