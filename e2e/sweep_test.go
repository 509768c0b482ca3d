package e2e

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// TestSweep runs ctxnotify-lint, default scope, over the whole standard
// library (with test variants) and over every package of the end-to-end
// module's dependency graph, std included (client-go, controller-runtime, Flux runtime,
// apimachinery...), twice each: no panic, no load or analysis error, and
// byte-identical JSON. It takes minutes, so it is opt-in:
//
//	CTXNOTIFY_SWEEP=1 go test -C e2e -run TestSweep -timeout 60m .
func TestSweep(t *testing.T) {
	if os.Getenv("CTXNOTIFY_SWEEP") == "" {
		t.Skip("set CTXNOTIFY_SWEEP=1 to analyze std and the whole dependency graph")
	}
	bin := testkit.Command(t)
	dir := testkit.CopyModule(t, e2eModule(t))
	sweep(t, dir, bin, "std, with tests", []string{"std"})
	// Without test variants: the tests of some dependencies do not compile
	// with every Go release (files generated for another one), and users
	// never lint them.
	deps := goList(t, dir, "-deps", "./...")
	sweep(t, dir, bin, "e2e module and dependencies", append([]string{"-test=false"}, deps...))
}

// TestSweepCI is the variant of TestSweep that fits a CI run: the
// standard library without its tests (whose dependencies would have to be
// compiled), and the end-to-end module with the packages it imports
// directly.
func TestSweepCI(t *testing.T) {
	if testing.Short() {
		t.Skip("analyzes hundreds of packages")
	}
	t.Parallel()
	bin := testkit.Command(t)
	dir := testkit.CopyModule(t, e2eModule(t))
	sweep(t, dir, bin, "std", []string{"-test=false", "std"})
	direct := goList(t, dir, "-f", `{{join .Imports "\n"}}`, "./...")
	sweep(t, dir, bin, "e2e module and its direct imports", append([]string{"./..."}, direct...))
}

// sweep runs the command with -json on patterns twice and checks each
// run is clean and both print the same bytes.
func sweep(t *testing.T, dir, bin, what string, patterns []string) {
	t.Helper()
	start := time.Now()
	first := cleanJSONRun(t, dir, bin, patterns)
	mid := time.Now()
	second := cleanJSONRun(t, dir, bin, patterns)
	end := time.Now()
	count := len(goList(t, dir, withoutFlags(patterns)...))
	t.Logf("%s: %d packages, %d findings, runs of %s and %s", what, count, countFindings(t, first),
		mid.Sub(start).Round(time.Second), end.Sub(mid).Round(time.Second))
	if !bytes.Equal(first, second) {
		t.Errorf("%s: two runs printed different JSON:\n%s\nthen:\n%s", what, first, second)
	}
}

// cleanJSONRun runs the command with -json and fails the test on a
// non-zero exit, anything on stderr (load errors, a panic) or an analysis
// error in the JSON.
func cleanJSONRun(t *testing.T, dir, bin string, patterns []string) []byte {
	t.Helper()
	r := testkit.Run(t, dir, bin, append([]string{"-json"}, patterns...)...)
	if r.Code != 0 || r.Stderr != "" {
		t.Fatalf("%s -json %s: exit code %d\n%s", bin, shorten(patterns), r.Code, r.Stderr)
	}
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(r.Stdout), &tree); err != nil {
		t.Fatalf("decoding -json output: %v\n%s", err, r.Stdout)
	}
	for pkg, byAnalyzer := range tree {
		for name, raw := range byAnalyzer {
			// A failed pass is {"error": "..."}; findings are a list.
			if bytes.HasPrefix(bytes.TrimSpace(raw), []byte("{")) {
				t.Errorf("%s: %s: %s", pkg, name, raw)
			}
		}
	}
	return []byte(r.Stdout)
}

func countFindings(t *testing.T, out []byte) int {
	t.Helper()
	var tree map[string]map[string][]json.RawMessage
	if err := json.Unmarshal(out, &tree); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, byAnalyzer := range tree {
		for _, diags := range byAnalyzer {
			n += len(diags)
		}
	}
	return n
}

// goList lists the packages go list prints for args, in dir.
func goList(t *testing.T, dir string, args ...string) []string {
	t.Helper()
	r := testkit.Run(t, dir, "go", append([]string{"list"}, args...)...)
	if r.Code != 0 {
		t.Fatalf("go list %s: exit code %d\n%s", shorten(args), r.Code, r.Stderr)
	}
	seen := make(map[string]bool)
	var pkgs []string
	for _, p := range strings.Fields(r.Stdout) {
		if !seen[p] {
			seen[p] = true
			pkgs = append(pkgs, p)
		}
	}
	return pkgs
}

func withoutFlags(args []string) []string {
	var out []string
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			out = append(out, a)
		}
	}
	return out
}

func shorten(args []string) string {
	if len(args) > 5 {
		return strings.Join(args[:5], " ") + " ..."
	}
	return strings.Join(args, " ")
}
