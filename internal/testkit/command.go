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

// Root returns the repository's root directory: that of the main module
// of the package under test.
func Root(t testing.TB) string {
	t.Helper()
	rootOnce.Do(func() {
		out, err := exec.Command("go", "env", "GOMOD").Output()
		gomod := strings.TrimSpace(string(out))
		switch {
		case err != nil:
			rootErr = err
		case gomod == "" || gomod == os.DevNull:
			rootErr = errors.New("not inside a module")
		default:
			root = filepath.Dir(gomod)
		}
	})
	if rootErr != nil {
		t.Fatalf("finding the repository root: %v", rootErr)
	}
	return root
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
