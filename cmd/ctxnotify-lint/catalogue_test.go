package main_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// TestCatalogueFixDrivers applies the fixes of the analyzer's catalogue
// (testdata/src/fixes and testdata/src/helperfix, made modules over the
// stubs) standalone (-fix), through go fix -fixtool and through go vet
// -fix, in one run each, and checks that the three write byte-identical
// files, that each run applied every fix (none left out for a conflict),
// and that the fixed modules build, their tests included, and have
// nothing left to fix.
func TestCatalogueFixDrivers(t *testing.T) {
	t.Parallel()
	bin := testkit.Command(t)
	for _, module := range []string{"fixes", "helperfix"} {
		t.Run(module, func(t *testing.T) {
			t.Parallel()
			modes := testkit.FixDrivers(bin)
			dirs := make([]string, len(modes))
			for i, mode := range modes {
				root := catalogueModules(t)
				dirs[i] = filepath.Join(root, module)
				r := testkit.Run(t, dirs[i], mode.Args[0], mode.Args[1:]...)
				if r.Code != 0 {
					t.Fatalf("%s: exit code %d, want 0 (every fix applied)\n%s", mode.Name, r.Code, r.Output)
				}
				if strings.Contains(r.Output, "skipped") || strings.Contains(r.Output, "Re-run") {
					t.Errorf("%s left fixes out:\n%s", mode.Name, r.Output)
				}
			}
			for i := 1; i < len(modes); i++ {
				testkit.SameGoFiles(t, dirs[0], modes[0].Name, dirs[i], modes[i].Name)
			}
			dir := dirs[0]
			if r := testkit.Run(t, dir, "go", "test", "-count=1", "-run=^$", "./..."); r.Code != 0 {
				t.Fatalf("the fixed module does not build:\n%s", r.Output)
			}
			r := testkit.Run(t, dir, bin, "-json", "./...")
			if r.Code != 0 {
				t.Fatalf("-json after -fix: exit code %d\n%s", r.Code, r.Output)
			}
			if strings.Contains(r.Stdout, `"suggested_fixes"`) {
				t.Errorf("after -fix, findings still have fixes:\n%s", r.Stdout)
			}
		})
	}
}

// catalogueModules copies testdata/src into a fresh directory and makes
// modules of it: the catalogue's trees "fixes" and "helperfix" (whose
// packages import each other by those paths), requiring the stubs, each
// of which is a module replaced by its directory.
func catalogueModules(t *testing.T) string {
	t.Helper()
	root := testkit.CopyModule(t, filepath.Join(testkit.Root(t), "testdata", "src"))
	stubs := map[string]string{ // module path -> its directory under root
		"github.com/crossplane/crossplane-runtime": "",
		"github.com/fluxcd/pkg/apis/event":         "",
		"github.com/fluxcd/pkg/runtime":            "",
		"github.com/go-logr/logr":                  "",
		"github.com/patrickmn/go-cache":            "",
		"github.com/pkg/errors":                    "",
		"golang.org/x/sync":                        "",
		"k8s.io/api":                               "",
		"k8s.io/apimachinery":                      "",
		"k8s.io/client-go":                         "",
		"k8s.io/klog/v2":                           "",
		"sigs.k8s.io/controller-runtime":           "",
		"sigs.k8s.io/karpenter":                    "",
	}
	var req, repl []string
	for _, path := range slices.Sorted(func(yield func(string) bool) {
		for p := range stubs {
			if !yield(p) {
				return
			}
		}
	}) {
		dir := filepath.Join(root, filepath.FromSlash(path))
		if _, err := os.Stat(dir); err != nil {
			t.Fatalf("no stub of %s: %v", path, err)
		}
		gomod := filepath.Join(dir, "go.mod")
		if _, err := os.Stat(gomod); err != nil {
			writeFile(t, gomod, fmt.Sprintf("module %s\n\ngo 1.26.0\n", path))
		}
		version := "v0.0.0"
		if strings.HasSuffix(path, "/v2") {
			version = "v2.0.0"
		}
		req = append(req, "\t"+path+" "+version)
		repl = append(repl, "\t"+path+" => ../"+path)
	}
	for _, module := range []string{"fixes", "helperfix"} {
		writeFile(t, filepath.Join(root, module, "go.mod"), fmt.Sprintf("module %s\n\ngo 1.26.0\n\nrequire (\n%s\n)\n\nreplace (\n%s\n)\n",
			module, strings.Join(req, "\n"), strings.Join(repl, "\n")))
	}
	return root
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
