package main_test

// The tests of ctxnotify in golangci-lint's own style (its
// pkg/golinters/<name>/testdata): a package per configuration under
// testdata/ctxnotify, whose first lines give golangci-lint's arguments
// (//golangcitest:args) and configuration (//golangcitest:config_path),
// and whose reported lines carry a "// want `regexp`" comment matching
// the message. Each imports standard library packages; one runs with the
// default configuration, one with every setting changed from its default.

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

func TestCtxnotifyDefault(t *testing.T) {
	runTestdata(t, filepath.Join("default", "ctxnotify.go"))
}

func TestCtxnotifyCustom(t *testing.T) {
	runTestdata(t, filepath.Join("custom", "ctxnotify_custom.go"))
}

// runTestdata runs golangci-lint on the package of testdata/ctxnotify/file
// with the arguments and configuration its directives give, and checks its
// findings against the package's "// want" comments: each want matched by
// one finding on its line, and no finding without one.
func runTestdata(t *testing.T, file string) {
	if testing.Short() {
		t.Skip("builds golangci-lint with the plugin: minutes on a cold build cache")
	}
	tl := tools{golangciLint: golangciLint(t), cache: t.TempDir()}
	// A copy of the module and of the stub its go.mod replaces client-go by.
	tmp := t.TempDir()
	for _, dir := range []string{"ctxnotify", filepath.Join("module", "stub")} {
		if err := os.CopyFS(filepath.Join(tmp, dir), os.DirFS(filepath.Join("testdata", dir))); err != nil {
			t.Fatal(err)
		}
	}
	module := filepath.Join(tmp, "ctxnotify")
	pkgDir := filepath.Dir(filepath.Join(module, file))
	args, config := directives(t, filepath.Join(module, file))
	if !strings.HasPrefix(config, "testdata/ctxnotify/") {
		t.Fatalf("%s: config_path %q lies outside testdata/ctxnotify", file, config)
	}
	found := tl.lint(t, pkgDir, "", -1, append(args, "-c", filepath.Join(module, strings.TrimPrefix(config, "testdata/ctxnotify/")))...)
	wants := wantComments(t, module, pkgDir)
	if len(wants) == 0 {
		t.Fatalf("%s: no // want comment", file)
	}
	matched := make(map[int]bool)
	for at, re := range wants {
		ok := false
		for i, f := range found {
			if f.At() == at && re.MatchString(f.Message) && !matched[i] {
				matched[i], ok = true, true
				break
			}
		}
		if !ok {
			t.Errorf("%s: no finding matching %q; found:\n%s", at, re, testkit.List(found))
		}
	}
	for i, f := range found {
		if !matched[i] {
			t.Errorf("unexpected finding %s", f)
		}
	}
}

// directives returns the arguments and the configuration file that the
// //golangcitest: lines at the top of file give.
func directives(t *testing.T, file string) (args []string, config string) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(data)) {
		if a, ok := strings.CutPrefix(line, "//golangcitest:args "); ok {
			args = append(args, strings.Fields(a)...)
		}
		if c, ok := strings.CutPrefix(line, "//golangcitest:config_path "); ok {
			config = strings.TrimSpace(c)
		}
	}
	if len(args) == 0 || config == "" {
		t.Fatalf("%s: no //golangcitest:args or //golangcitest:config_path line", file)
	}
	return args, config
}

var wantComment = regexp.MustCompile("// want `([^`]+)`")

// wantComments returns the regular expressions of the "// want" comments
// of the package in dir, by "file:line", the file relative to module (as
// golangci-lint, run with a configuration there, prints it).
func wantComments(t *testing.T, module, dir string) map[string]*regexp.Regexp {
	t.Helper()
	wants := make(map[string]*regexp.Regexp)
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for line := 1; sc.Scan(); line++ {
			if m := wantComment.FindStringSubmatch(sc.Text()); m != nil {
				wants[testkit.Rel(t, module, name)+":"+strconv.Itoa(line)] = regexp.MustCompile(m[1])
			}
		}
		f.Close()
	}
	return wants
}
