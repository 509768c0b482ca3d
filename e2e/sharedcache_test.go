package e2e

import (
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// The module whose cache server (cmd/go-cacher-server) and GOCACHEPROG
// client (cmd/go-cacher) the test runs, as docs/ci.md tells a CI to, and
// its version.
const (
	goToolCache        = "github.com/bradfitz/go-tool-cache"
	goToolCacheVersion = "v0.0.0-20260722201841-0bb331e19f64"
)

// TestSharedVetCache: two CI machines share go vet's results through a
// cache server. The first runs go vet -vettool=ctxnotify-lint -json on the
// example module with an empty GOCACHE and GOCACHEPROG pointing at a
// client of the server; the second, with another empty GOCACHE and an
// empty client cache, prints the same findings and runs the vet tool on no
// package. That holds because the pass is hermetic (it reads nothing but
// what go vet hands it) and its output deterministic. -json: go vet caches
// a package's results only when the tool exits 0, which without -json it
// does not on findings.
func TestSharedVetCache(t *testing.T) {
	if testing.Short() {
		t.Skip("installs the cache server and client, vets the example module twice with empty caches")
	}
	t.Parallel()
	bin := testkit.Command(t)
	tools := t.TempDir()
	install := exec.Command("go", "install",
		goToolCache+"/cmd/go-cacher@"+goToolCacheVersion,
		goToolCache+"/cmd/go-cacher-server@"+goToolCacheVersion)
	install.Env = append(os.Environ(), "GOBIN="+tools, "GOFLAGS=")
	if r := testkit.RunCmd(t, install); r.Code != 0 {
		t.Fatalf("%s: exit code %d\n%s", install, r.Code, r.Output)
	}
	server := startCacheServer(t, filepath.Join(tools, "go-cacher-server"))

	dir := testkit.CopyModule(t, e2eModule(t))
	var outputs []string
	for i, machine := range []string{"first", "second"} {
		cmd := exec.Command("go", "vet", "-x", "-json", "-vettool="+bin, "./...")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(),
			"GOCACHE="+t.TempDir(),
			"GOCACHEPROG="+filepath.Join(tools, "go-cacher")+" -cache-dir="+t.TempDir()+" -cache-server="+server,
		)
		start := time.Now()
		r := testkit.RunCmd(t, cmd)
		if r.Code != 0 {
			t.Fatalf("%s machine: go vet -json: exit code %d\n%s", machine, r.Code, r.Stderr)
		}
		runs := vetToolRuns(r.Stderr, bin)
		t.Logf("%s machine: %s, the vet tool ran on %d packages", machine, time.Since(start).Round(time.Second), runs)
		switch {
		case i == 0 && runs == 0:
			t.Fatalf("first machine: the vet tool ran on no package: the caches were not empty\n%s", r.Stderr)
		case i == 1 && runs != 0:
			t.Errorf("second machine: the vet tool ran on %d packages, want none: every result should come from the cache server", runs)
		}
		if !strings.Contains(r.Stdout, `"ctxnotify"`) {
			t.Fatalf("%s machine: no finding in the JSON output:\n%s", machine, r.Stdout)
		}
		outputs = append(outputs, sortedJSON(r.Stdout))
	}
	if outputs[0] != outputs[1] {
		t.Errorf("the second machine prints other findings:\n%s\nthe first:\n%s", outputs[1], outputs[0])
	}
}

// startCacheServer starts go-cacher-server on a free port of the loopback
// interface, with an empty cache, and returns its URL once it answers.
func startCacheServer(t *testing.T, server string) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	testkit.Start(t, exec.Command(server, "-listen="+addr, "-cache-dir="+t.TempDir()))
	url := "http://" + addr
	deadline := time.Now().Add(30 * time.Second)
	for {
		resp, err := http.Get(url + "/")
		if err == nil {
			resp.Body.Close()
			return url
		}
		if time.Now().After(deadline) {
			t.Fatalf("the cache server does not answer at %s: %v", url, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// vetToolRuns counts the runs of the vet tool on a package (its vet.cfg)
// that go vet -x prints.
func vetToolRuns(stderr, bin string) int {
	n := 0
	for line := range strings.Lines(stderr) {
		if strings.Contains(line, bin+" ") && strings.Contains(line, "vet.cfg") {
			n++
		}
	}
	return n
}

// sortedJSON returns go vet's JSON output with its top-level objects (one
// per package, printed as each package's analysis ends) in sorted order.
func sortedJSON(out string) string {
	var objects []string
	var cur strings.Builder
	for line := range strings.Lines(out) {
		if strings.HasPrefix(line, "{") && cur.Len() > 0 {
			objects = append(objects, cur.String())
			cur.Reset()
		}
		cur.WriteString(line)
	}
	if cur.Len() > 0 {
		objects = append(objects, cur.String())
	}
	slices.Sort(objects)
	return strings.Join(objects, "")
}
