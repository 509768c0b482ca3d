package e2e

import (
	"slices"
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// TestProvider runs the command standalone (without -deps, and with it)
// and as go vet -vettool over testdata/provider: a Karpenter cloud
// provider's controllers, whose events go through emitters in
// dependencies only (Karpenter's events.Recorder, and the helpers of a
// module of the provider's own). go vet analyses dependencies for their
// facts, and so must the command by default: the three runs report the
// same findings.
//
// The lines marked "// finding" include the calls through Karpenter's
// events.Recorder.Publish, an emitter interface method: "markers" holds
// once the analyzer exports facts on interface methods.
func TestProvider(t *testing.T) {
	if testing.Short() {
		t.Skip("downloads modules and analyses their packages")
	}
	t.Parallel()
	bin := testkit.Command(t)
	dir := testkit.CopyModule(t, "testdata/provider")

	r := testkit.Run(t, dir, bin, "./...")
	if r.Code != 3 {
		t.Fatalf("standalone: exit code %d, want 3\n%s", r.Code, r.Output)
	}
	standalone, other := testkit.ParseFindings(t, dir, r.Stderr)
	if len(other) > 0 || r.Stdout != "" {
		t.Errorf("standalone: output besides the findings:\n%s", r.Output)
	}

	t.Run("agree", func(t *testing.T) {
		r := testkit.Run(t, dir, bin, "-deps", "./...")
		if r.Code != 3 {
			t.Fatalf("standalone -deps: exit code %d, want 3\n%s", r.Code, r.Output)
		}
		deps, _ := testkit.ParseFindings(t, dir, r.Stderr)
		if !slices.Equal(deps, standalone) {
			t.Errorf("standalone -deps:\n%s\nwithout -deps:\n%s", joinFindings(deps), joinFindings(standalone))
		}
		r = testkit.Run(t, dir, "go", "vet", "-vettool="+bin, "./...")
		if r.Code != 1 {
			t.Fatalf("go vet: exit code %d, want 1\n%s", r.Code, r.Output)
		}
		vet, _ := testkit.ParseFindings(t, dir, r.Output) // and "# pkg" headers
		if !slices.Equal(vet, standalone) {
			t.Errorf("go vet:\n%s\nstandalone:\n%s", joinFindings(vet), joinFindings(standalone))
		}
	})

	t.Run("markers", func(t *testing.T) {
		want := testkit.MarkedLines(testkit.Markers(t, dir))
		if got := testkit.Lines(standalone); !slices.Equal(got, want) {
			t.Errorf("standalone findings:\n%s\nwant the marked lines:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	})
}
