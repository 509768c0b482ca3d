package main

import (
	"regexp"
	"runtime/debug"
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
