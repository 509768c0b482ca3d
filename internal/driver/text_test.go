package driver

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// TestTextPaths checks that the text output names a file inside the
// working directory relative to it, as go vet does, with -c's context
// lines too, and that -json names it by its absolute path, as go vet -json
// does.
func TestTextPaths(t *testing.T) {
	t.Parallel()
	dir := testkit.WriteModule(t, testkit.SmallModule)
	cfg := analyzer.Config{Sinks: []string{testkit.SmallSink}}
	lint, err := analyzer.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := Run(lint, Options{Enabled: true, Dir: dir, Context: 0, Config: cfg}, []string{"./c"}, &stdout, &stderr); code != 3 {
		t.Fatalf("exit code %d, want 3\n%s", code, stderr.String())
	}
	// The finding, its line (-c 0), then the related information, in the
	// emitter's package, and its line.
	got := filepath.ToSlash(stderr.String())
	if want := "c/c.go:10:2: "; !strings.HasPrefix(got, want) {
		t.Errorf("text output:\n%s\nwant it to start with %q", got, want)
	}
	for _, want := range []string{"\n10\t\twrap.New().Notify(\"failed\")\n", "\na/recorder.go:10:1: \t", "\n10\tfunc (n Notifier) Notify("} {
		if !strings.Contains(got, want) {
			t.Errorf("text output:\n%s\nwant %q in it", got, want)
		}
	}

	stdout.Reset()
	stderr.Reset()
	if code := Run(lint, Options{Enabled: true, Dir: dir, JSON: true, Config: cfg}, []string{"./c"}, &stdout, &stderr); code != 0 {
		t.Fatalf("-json: exit code %d, want 0\n%s", code, stderr.String())
	}
	var tree map[string]map[string][]struct{ Posn string }
	if err := json.Unmarshal(stdout.Bytes(), &tree); err != nil {
		t.Fatalf("-json: %v\n%s", err, stdout.String())
	}
	posn := tree["example.com/m/c"]["ctxnotify"][0].Posn
	if want := filepath.Join(dir, "c", "c.go") + ":10:2"; posn != want {
		t.Errorf("-json posn %q, want %q", posn, want)
	}
}
