package e2e

import (
	"slices"
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// TestBrokenPackages runs the command over testdata/broken, a module as
// a fresh checkout has it: the deep-copy code of its API was never
// generated (api/v1 and the controller that uses it do not type-check)
// and its web console embeds a frontend that was never built. The command
// prints the errors, analyses every package as far as its types go
// (cmd/manager, which imports the broken ones, too), prints the findings,
// one line for each package with errors, and exits 1.
func TestBrokenPackages(t *testing.T) {
	if testing.Short() {
		t.Skip("downloads modules and analyses their packages")
	}
	t.Parallel()
	bin := testkit.Command(t)
	dir := testkit.CopyModule(t, "testdata/broken")

	r := testkit.Run(t, dir, bin, "./...")
	if r.Code != 1 {
		t.Fatalf("exit code %d, want 1\n%s", r.Code, r.Output)
	}
	found, other := testkit.ParseFindings(t, dir, r.Stderr)
	// Type errors are printed as positions too: the findings are the
	// lines that name an event.
	var findings, typeErrors []testkit.Finding
	for _, f := range found {
		if strings.Contains(f.Message, "emit") {
			findings = append(findings, f)
		} else {
			typeErrors = append(typeErrors, f)
		}
	}
	want := testkit.MarkedLines(testkit.Markers(t, dir))
	if got := testkit.Lines(findings); !slices.Equal(got, want) {
		t.Errorf("findings:\n%s\nwant the marked lines:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !slices.ContainsFunc(findings, func(f testkit.Finding) bool { return strings.HasPrefix(f.File, "cmd/manager/") }) {
		t.Error("no finding in cmd/manager, which imports the packages with errors")
	}
	if len(typeErrors) == 0 || !strings.Contains(r.Stderr, "missing method DeepCopyObject") {
		t.Errorf("the type errors are not printed:\n%s", r.Stderr)
	}

	var notes []string
	for _, line := range other {
		if strings.Contains(line, "has errors") {
			notes = append(notes, line)
		} else if !strings.Contains(line, "pattern dist/*: no matching files found") {
			t.Errorf("unexpected output: %s", line)
		}
	}
	wantNotes := []string{
		"ctxnotify-lint: example.com/objectstore/api/v1 has errors: analysed as far as its types go, its findings may be incomplete",
		"ctxnotify-lint: example.com/objectstore/internal/console has errors: analysed as far as its types go, its findings may be incomplete",
		"ctxnotify-lint: example.com/objectstore/internal/controller has errors: analysed as far as its types go, its findings may be incomplete",
	}
	if !slices.Equal(notes, wantNotes) {
		t.Errorf("lines about packages with errors:\n%s\nwant:\n%s", strings.Join(notes, "\n"), strings.Join(wantNotes, "\n"))
	}
}
