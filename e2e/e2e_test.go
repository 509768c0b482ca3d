package e2e

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// A line that the analyzer must report carries a "// finding" comment; the
// findings of every mode must be exactly those lines.
var findingMarker = regexp.MustCompile(`// finding\b`)

// buildTool builds ctxnotify-lint into a temporary directory.
func buildTool(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "ctxnotify-lint")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	cmd := exec.Command("go", "build", "-o", bin, "../cmd/ctxnotify-lint")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// copyModule copies a module into a temporary directory, so that fixes
// can be applied to it.
func copyModule(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	return dst
}

// markedFindings returns "file:line" for every line marked "// finding".
func markedFindings(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		rel, _ := filepath.Rel(dir, path)
		sc := bufio.NewScanner(f)
		for line := 1; sc.Scan(); line++ {
			if findingMarker.MatchString(sc.Text()) {
				out = append(out, filepath.ToSlash(rel)+":"+strconv.Itoa(line))
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(out)
	return out
}

// finding is one diagnostic: position relative to the module, and message.
type finding struct {
	pos, message string
}

func (f finding) String() string { return f.pos + ": " + f.message }

// diagLine matches "path/file.go:12:3: message" as the drivers print it.
var diagLine = regexp.MustCompile(`^(\S+\.go):(\d+):(\d+): (.*)$`)

// parseFindings reads the plain-text output of the standalone command or
// go vet, making paths relative to dir.
func parseFindings(t *testing.T, dir string, output []byte) []finding {
	t.Helper()
	var out []finding
	for _, line := range strings.Split(string(output), "\n") {
		m := diagLine.FindStringSubmatch(line)
		if m == nil || strings.HasPrefix(m[4], "\t") {
			continue // not a diagnostic, or its related information
		}
		path := m[1]
		if filepath.IsAbs(path) {
			path, _ = filepath.Rel(dir, path)
		}
		path = strings.TrimPrefix(filepath.ToSlash(path), "./")
		out = append(out, finding{path + ":" + m[2] + ":" + m[3], m[4]})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out
}

// lines returns the "file:line" of each finding.
func lines(fs []finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.pos[:strings.LastIndex(f.pos, ":")])
	}
	sort.Strings(out)
	return out
}

func run(t *testing.T, dir string, name string, args ...string) ([]byte, int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	err := cmd.Run()
	code := 0
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatalf("%s %v: %v", name, args, err)
		}
		code = ee.ExitCode()
	}
	return buf.Bytes(), code
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
