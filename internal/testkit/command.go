package testkit

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
)

var (
	rootOnce sync.Once
	root     string
	rootErr  error

	buildOnce sync.Once
	buildDir  string
	binPath   string
	buildErr  error
)

// rootModule is the module path of the repository's root module.
const rootModule = "github.com/ctxnotify/ctxnotify-lint"

// Root returns the repository's root directory: that of the root
// module's go.mod, the first one found from the package under test
// upwards. The tests that need real dependencies live in modules nested
// in it (e2e, tools/golangci-lint).
func Root(t testing.TB) string {
	t.Helper()
	rootOnce.Do(func() {
		dir, err := os.Getwd()
		if err != nil {
			rootErr = err
			return
		}
		for {
			data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
			if err == nil && modulePath(data) == rootModule {
				root = dir
				return
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				rootErr = errors.New("no go.mod of module " + rootModule + " here or above")
				return
			}
			dir = parent
		}
	})
	if rootErr != nil {
		t.Fatalf("finding the repository root: %v", rootErr)
	}
	return root
}

// modulePath returns the path on the module line of a go.mod file.
func modulePath(gomod []byte) string {
	for line := range strings.Lines(string(gomod)) {
		if path, ok := strings.CutPrefix(strings.TrimSpace(line), "module "); ok {
			path, _, _ = strings.Cut(path, "//")
			return strings.Trim(strings.TrimSpace(path), `"`)
		}
	}
	return ""
}

// Command returns the path of the ctxnotify-lint command, built from the
// repository once per test binary.
func Command(t testing.TB) string {
	t.Helper()
	dir := Root(t)
	buildOnce.Do(func() {
		buildDir, buildErr = os.MkdirTemp("", "ctxnotify-lint-test")
		if buildErr != nil {
			return
		}
		binPath = filepath.Join(buildDir, "ctxnotify-lint")
		if runtime.GOOS == "windows" {
			binPath += ".exe"
		}
		cmd := exec.Command("go", "build", "-buildvcs=false", "-o", binPath, "./cmd/ctxnotify-lint")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = errors.New(err.Error() + "\n" + string(out))
		}
	})
	if buildErr != nil {
		t.Fatalf("building ctxnotify-lint: %v", buildErr)
	}
	return binPath
}

// Main runs the tests and then removes the command that [Command] built.
func Main(m *testing.M) int {
	code := m.Run()
	if buildDir != "" {
		if err := os.RemoveAll(buildDir); err != nil {
			os.Stderr.WriteString("testkit: " + err.Error() + "\n")
			code = max(code, 1)
		}
	}
	return code
}
