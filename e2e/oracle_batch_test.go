package e2e

import (
	"bytes"
	"fmt"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/e2e/internal/rungen"
	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// A batchModule is a batch written out as a module: the generated
// programs, the runtime package and the runner of e2e/testdata/oracle,
// and the example module's requirements.
type batchModule struct {
	dir   string
	progs []*rungen.Program
}

// writeBatch writes progs as a module in a fresh directory.
func writeBatch(t *testing.T, progs []*rungen.Program) *batchModule {
	t.Helper()
	dir := testkit.TempDir(t)
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "oracle"))); err != nil {
		t.Fatal(err)
	}
	example := e2eModule(t)
	gomod, err := os.ReadFile(filepath.Join(example, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	module := regexp.MustCompile(`(?m)^module .*$`).ReplaceAll(gomod, []byte("module "+rungen.ModulePath))
	gosum, err := os.ReadFile(filepath.Join(example, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{"go.mod": module, "go.sum": gosum}
	for _, p := range progs {
		files[filepath.Join(p.Name, "controller.go")] = p.Source
	}
	for name, data := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return &batchModule{dir: dir, progs: progs}
}

// copyTo copies the module into a fresh directory, for -fix.
func (m *batchModule) copyTo(t *testing.T) *batchModule {
	t.Helper()
	return &batchModule{dir: testkit.CopyModule(t, m.dir), progs: m.progs}
}

// source returns the file of program name as it is in the module.
func (m *batchModule) source(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(m.dir, name, "controller.go"))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// patterns returns the package patterns of the programs named.
func patterns(names []string) []string {
	var pats []string
	for _, n := range names {
		pats = append(pats, "./"+n)
	}
	return pats
}

// build builds the runner over the programs named into the binary at
// out, leaving out each program that does not compile. It returns what
// did not compile, with the compiler's errors, by program.
func (m *batchModule) build(t *testing.T, names []string, out string) (failed map[string]string) {
	t.Helper()
	failed = make(map[string]string)
	for {
		m.writePrograms(t, names, failed)
		cmd := exec.Command("go", "build", "-o", out, "./runner")
		cmd.Dir = m.dir
		r := testkit.RunCmd(t, cmd)
		if r.Code == 0 {
			return failed
		}
		culprits := compileErrors(r.Output)
		progress := false
		for name, errs := range culprits {
			if slices.Contains(names, name) && failed[name] == "" {
				failed[name], progress = errs, true
			}
		}
		if !progress {
			t.Fatalf("building the runner in %s: exit code %d, and no program to blame\n%s", m.dir, r.Code, r.Output)
		}
	}
}

// compileErrors splits go build's output by the package it names ("# path"
// lines), keeping the programs' packages.
func compileErrors(output string) map[string]string {
	errs := make(map[string]string)
	name := ""
	for line := range strings.Lines(testkit.WithoutDownloads(output)) {
		if pkg, ok := strings.CutPrefix(line, "# "); ok {
			pkg = strings.TrimSpace(pkg)
			pkg, _, _ = strings.Cut(pkg, " ")
			name, _ = strings.CutPrefix(pkg, rungen.ModulePath+"/")
			if strings.Contains(name, "/") || name == "runner" || name == "rt" {
				name = ""
			}
			continue
		}
		if name != "" {
			errs[name] += line
		}
	}
	return errs
}

// writePrograms writes runner/programs.go, the list of the programs the
// runner calls: those named, but for those left out.
func (m *batchModule) writePrograms(t *testing.T, names []string, leftOut map[string]string) {
	t.Helper()
	var imports, list strings.Builder
	for _, p := range m.progs {
		if !slices.Contains(names, p.Name) || leftOut[p.Name] != "" {
			continue
		}
		fmt.Fprintf(&imports, "\t%q\n", rungen.ModulePath+"/"+p.Name)
		fmt.Fprintf(&list, "\t{name: %q, failMask: %#x, new: %s.New},\n", p.Name, p.FailMask, p.Name)
	}
	src := fmt.Sprintf("// Code written by the harness (e2e/oracle_batch_test.go). DO NOT EDIT.\n\npackage main\n\nimport (\n%s)\n\nvar programs = []program{\n%s}\n", imports.String(), list.String())
	if imports.Len() == 0 {
		src = "// Code written by the harness (e2e/oracle_batch_test.go). DO NOT EDIT.\n\npackage main\n\nvar programs []program\n"
	}
	if err := os.WriteFile(filepath.Join(m.dir, "runner", "programs.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
}

// formatProblems returns, by program, why its file in the module is not
// gofmt-clean: it does not parse, or gofmt would change it.
func (m *batchModule) formatProblems(t *testing.T, names []string) map[string]string {
	t.Helper()
	problems := make(map[string]string)
	for _, n := range names {
		src := m.source(t, n)
		formatted, err := format.Source(src)
		switch {
		case err != nil:
			problems[n] = "does not parse: " + err.Error()
		case !bytes.Equal(formatted, src):
			problems[n] = "is not gofmt-clean"
		}
	}
	return problems
}
