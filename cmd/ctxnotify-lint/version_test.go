package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// TestVersionLine: -V=full names the module version of a binary built by
// go install …@version, and "devel" otherwise, in the form go vet reads.
func TestVersionLine(t *testing.T) {
	hash := []byte{0xab, 0x01}
	for _, tc := range []struct {
		bi   *debug.BuildInfo
		want string
	}{
		{&debug.BuildInfo{Main: debug.Module{Path: "github.com/ctxnotify/ctxnotify-lint", Version: "v0.1.0"}}, "ctxnotify-lint version v0.1.0 buildID=ab01"},
		{&debug.BuildInfo{Main: debug.Module{Path: "github.com/ctxnotify/ctxnotify-lint", Version: "(devel)"}}, "ctxnotify-lint version devel buildID=ab01"},
		{&debug.BuildInfo{}, "ctxnotify-lint version devel buildID=ab01"},
		{nil, "ctxnotify-lint version devel buildID=ab01"},
	} {
		if got := versionLine(tc.bi, hash); got != tc.want {
			t.Errorf("versionLine(%+v) = %q, want %q", tc.bi, got, tc.want)
		}
	}
}

// TestVersionFlag: the built command answers -V=full with one line that go
// vet accepts (go vet -vettool runs in the other tests of this package).
func TestVersionFlag(t *testing.T) {
	t.Parallel()
	r := testkit.Run(t, t.TempDir(), testkit.Command(t), "-V=full")
	line := regexp.MustCompile(`^ctxnotify-lint version (devel|v\S+) buildID=[0-9a-f]{64}\n$`)
	if r.Code != 0 || !line.MatchString(r.Stdout) {
		t.Errorf("-V=full: exit code %d, output %q", r.Code, r.Output)
	}
}

// TestVersionOfTag builds the command in a git copy of the repository
// tagged v0.1.0, as RELEASING.md says a release is built, and checks the
// -V=full line RELEASING.md shows for it; then with an uncommitted change
// (v0.1.0+dirty) and at a commit after the tag (a pseudo-version), which
// RELEASING.md names too.
func TestVersionOfTag(t *testing.T) {
	if testing.Short() {
		t.Skip("copies the repository into a git repository and builds the command three times")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	t.Parallel()
	releasing, err := os.ReadFile(filepath.Join(testkit.Root(t), "RELEASING.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(releasing), "## What `-V=full` prints")
	shown := regexp.MustCompile(`(?m)^ctxnotify-lint version v0\.1\.0 buildID=HASH$`).FindString(section)
	pseudo := regexp.MustCompile(`v0\.1\.1-0\.\d{14}-[0-9a-f]{12}`)
	if shown == "" || !strings.Contains(section, "`v0.1.0+dirty`") || !pseudo.MatchString(section) {
		t.Fatalf("RELEASING.md does not show the -V=full line of a v0.1.0 build (ctxnotify-lint version v0.1.0 buildID=HASH), v0.1.0+dirty and a pseudo-version:\n%s", section)
	}
	dir := testkit.TempDir(t)
	root := testkit.Root(t)
	// The root module's files that the command is built from.
	for _, name := range []string{"go.mod", "go.sum"} {
		data, err := os.ReadFile(filepath.Join(root, name))
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, name), data, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"analyzer", "cmd", "internal", "plugin"} {
		if err := os.CopyFS(filepath.Join(dir, name), os.DirFS(filepath.Join(root, name))); err != nil {
			t.Fatal(err)
		}
	}
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false"}, args...)...)
		cmd.Dir = dir
		if r := testkit.RunCmd(t, cmd); r.Code != 0 {
			t.Fatalf("git %s: exit code %d\n%s", strings.Join(args, " "), r.Code, r.Output)
		}
	}
	version := func() string {
		t.Helper()
		bin := filepath.Join(t.TempDir(), "ctxnotify-lint")
		if r := testkit.Run(t, dir, "go", "build", "-buildvcs=true", "-o", bin, "./cmd/ctxnotify-lint"); r.Code != 0 {
			t.Fatalf("go build: exit code %d\n%s", r.Code, r.Output)
		}
		r := testkit.Run(t, dir, bin, "-V=full")
		if r.Code != 0 {
			t.Fatalf("-V=full: exit code %d\n%s", r.Code, r.Output)
		}
		return strings.TrimSuffix(r.Stdout, "\n")
	}
	hash := regexp.MustCompile(`buildID=[0-9a-f]{64}$`)
	git("init", "-q")
	git("add", "-A")
	git("commit", "-q", "-m", "release")
	git("tag", "-a", "v0.1.0", "-m", "ctxnotify-lint v0.1.0")
	if got := version(); hash.ReplaceAllString(got, "buildID=HASH") != shown {
		t.Errorf("a build of the tag prints %q; RELEASING.md shows %q", got, shown)
	}
	if err := os.WriteFile(filepath.Join(dir, "cmd", "ctxnotify-lint", "extra.go"), []byte("package main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := version(); !strings.HasPrefix(got, "ctxnotify-lint version v0.1.0+dirty buildID=") {
		t.Errorf("with an uncommitted change, a build prints %q, want the version v0.1.0+dirty", got)
	}
	git("add", "-A")
	git("commit", "-q", "-m", "after the release")
	if got := version(); !regexp.MustCompile(`^ctxnotify-lint version ` + pseudo.String() + ` buildID=`).MatchString(got) {
		t.Errorf("at a commit after the tag, a build prints %q, want a pseudo-version like %s", got, pseudo.FindString(section))
	}
}
