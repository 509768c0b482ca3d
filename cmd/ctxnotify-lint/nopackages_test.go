package main

import (
	"archive/zip"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// TestNoPackages checks that patterns that leave nothing to analyse make
// the command print what go vet prints for them, with go vet's exit code,
// and nothing else, with and without -deps.
func TestNoPackages(t *testing.T) {
	t.Parallel()
	bin := testkit.Command(t)
	dir := testkit.WriteModule(t, map[string]string{
		"go.mod":      "module example.com/m\n\ngo 1.26\n",
		"p/p.go":      "package p\n",
		"nogo/README": "no Go file here\n",
	})
	for _, tc := range []struct {
		patterns []string
		want     string // what go vet says, in part
	}{
		{[]string{"./nonexistent/..."}, "pattern ./nonexistent/...: lstat ./nonexistent/: no such file or directory"},
		{[]string{"./nonexistent"}, "nonexistent: directory not found"},
		{[]string{"./nogo"}, "no Go files in "},
		{[]string{"./nogo/..."}, "go: warning: \"./nogo/...\" matched no packages\nno packages to vet"},
		{[]string{"example.org/other"}, "no required module provides package example.org/other"},
		{[]string{"example.org/other/..."}, "no packages to vet"},
		// go vet vets nothing when one pattern names no package.
		{[]string{"./p", "./nonexistent"}, "nonexistent: directory not found"},
	} {
		t.Run(strings.Join(tc.patterns, " "), func(t *testing.T) {
			t.Parallel()
			vet := testkit.Run(t, dir, "go", append([]string{"vet"}, tc.patterns...)...)
			if vet.Code != 1 || !strings.Contains(vet.Output, tc.want) {
				t.Fatalf("go vet: exit code %d, output %q; want 1 and %q", vet.Code, vet.Output, tc.want)
			}
			for _, args := range [][]string{tc.patterns, append([]string{"-deps"}, tc.patterns...)} {
				checkAsGoVet(t, testkit.Run(t, dir, bin, args...), vet, args)
			}
		})
	}
}

// TestDependencyNeedsNewerGo checks that a module with a dependency that
// needs a newer Go than the one running makes the command print go's
// error, as go vet does, instead of saying that its patterns matched no
// packages. The dependency needs go 1.99: required from a module proxy
// on the file system that the test writes, or replaced by a directory, so
// that the test needs no network; GOTOOLCHAIN=local keeps go from
// fetching the newer toolchain.
func TestDependencyNeedsNewerGo(t *testing.T) {
	t.Parallel()
	bin := testkit.Command(t)
	const newerMod = "module example.com/newer\n\ngo 1.99\n"
	const newerSrc = "package newer\n"
	const importer = "package p\n\nimport _ \"example.com/newer\"\n"
	for _, tc := range []struct {
		name, require string
		want          string // what go vet says, in part
	}{
		{"from a proxy", "require example.com/newer v0.1.0\n", "go: example.com/newer@v0.1.0 requires go >= 1.99 (running go "},
		{"replaced by a directory", "require example.com/newer v0.0.0\n\nreplace example.com/newer => ../newer\n", "go: module ../newer requires go >= 1.99 (running go "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := testkit.WriteModule(t, map[string]string{
				"m/go.mod":       "module example.com/m\n\ngo 1.26\n\n" + tc.require,
				"m/p/p.go":       importer,
				"newer/go.mod":   newerMod,
				"newer/newer.go": newerSrc,
			})
			proxy := filepath.Join(dir, "proxy", "example.com", "newer", "@v")
			writeModuleZip(t, filepath.Join(proxy, "v0.1.0.zip"), "example.com/newer@v0.1.0/", map[string]string{"go.mod": newerMod, "newer.go": newerSrc})
			if err := os.WriteFile(filepath.Join(proxy, "v0.1.0.mod"), []byte(newerMod), 0o644); err != nil {
				t.Fatal(err)
			}
			proxyURL := filepath.ToSlash(filepath.Join(dir, "proxy"))
			if !strings.HasPrefix(proxyURL, "/") {
				proxyURL = "/" + proxyURL // a Windows drive
			}
			env := append(os.Environ(),
				"GOTOOLCHAIN=local", "GOWORK=off",
				"GOPROXY=file://"+proxyURL, "GOSUMDB=off", "GONOPROXY=", "GONOSUMDB=", "GOPRIVATE=",
				"GOMODCACHE="+filepath.Join(dir, "modcache"),
				"GOFLAGS=-mod=mod -modcacherw") // go.sum written as the module is fetched; the cache removable
			run := func(name string, args ...string) testkit.Result {
				cmd := exec.Command(name, args...)
				cmd.Dir = filepath.Join(dir, "m")
				cmd.Env = env
				return testkit.RunCmd(t, cmd)
			}
			vet := run("go", "vet", "./...")
			vet.Output = testkit.WithoutDownloads(vet.Output) // the first run downloads
			if vet.Code != 1 || !strings.Contains(vet.Output, tc.want) {
				t.Fatalf("go vet: exit code %d, output %q; want 1 and %q", vet.Code, vet.Output, tc.want)
			}
			for _, args := range [][]string{{"./..."}, {"-deps", "./..."}, {"./p"}} {
				checkAsGoVet(t, run(bin, args...), vet, args)
			}
		})
	}
}

// checkAsGoVet checks that the command's run r printed what go vet's run
// vet printed, and exited with its code.
func checkAsGoVet(t *testing.T, r, vet testkit.Result, args []string) {
	t.Helper()
	if r.Code != vet.Code || r.Output != vet.Output {
		t.Errorf("ctxnotify-lint %s: exit code %d, output\n%s\nwant go vet's %d and\n%s", strings.Join(args, " "), r.Code, r.Output, vet.Code, vet.Output)
	}
}

// writeModuleZip writes a module zip file as a module proxy serves it:
// each file under prefix ("path@version/").
func writeModuleZip(t *testing.T, name, prefix string, files map[string]string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	for file, content := range files {
		w, err := zw.Create(prefix + file)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(content)); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}
