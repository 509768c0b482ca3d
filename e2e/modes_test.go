package e2e

import (
	"encoding/json"
	"flag"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// TestModes runs the command standalone, as go vet -vettool and as go fix
// -fixtool over the end-to-end module, and checks that each reports
// exactly the marked lines, with the same messages and related
// information (a chain into another package's helper among them).
func TestModes(t *testing.T) {
	if testing.Short() {
		t.Skip("downloads modules and analyses their packages")
	}
	t.Parallel()
	bin := testkit.Command(t)
	dir := testkit.CopyModule(t, e2eModule(t))
	want := testkit.MarkedLines(testkit.Markers(t, dir))
	if len(want) == 0 {
		t.Fatal("no // finding markers in the module")
	}

	r := testkit.Run(t, dir, bin, "./...")
	if r.Code != 3 {
		t.Fatalf("standalone: exit code %d, want 3\n%s", r.Code, r.Output)
	}
	standalone, other := testkit.ParseFindings(t, dir, r.Stderr)
	if len(other) > 0 || r.Stdout != "" {
		t.Errorf("standalone: output besides the findings:\n%s", r.Output)
	}
	if got := testkit.Lines(standalone); !slices.Equal(got, want) {
		t.Errorf("standalone findings:\n%s\nwant the marked lines:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	checkGolden(t, "testdata/findings.golden", joinFindings(standalone))

	r = testkit.Run(t, dir, "go", "vet", "-vettool="+bin, "./...")
	if r.Code != 1 {
		t.Fatalf("go vet: exit code %d, want 1\n%s", r.Code, r.Output)
	}
	vet, _ := testkit.ParseFindings(t, dir, r.Output) // and "# pkg" headers
	if !slices.Equal(vet, standalone) {
		t.Errorf("go vet findings differ from standalone:\n%s\nstandalone:\n%s", joinFindings(vet), joinFindings(standalone))
	}
	// The README says go vet prints the findings it shows for the
	// standalone command; go vet prints each package's findings as its
	// analysis ends.
	got := findingGroups(testkit.WithoutDownloads(r.Stderr))
	for _, want := range findingGroups(standaloneOutput(t, readme(t))) {
		if !slices.Contains(got, want) {
			t.Errorf("go vet does not print what the README shows:\n%s\ngo vet prints:\n%s", want, strings.Join(got, ""))
		}
	}
}

// TestFixModes applies the fixes standalone (-fix), through go fix
// -fixtool and through go vet -fix, and checks that the module still
// builds, is gofmt-clean, and has no fixable finding left: only the
// findings that had no fix remain. The three merge the same fixes with
// the same policy, so they must leave the same files.
func TestFixModes(t *testing.T) {
	if testing.Short() {
		t.Skip("downloads modules and analyses their packages")
	}
	t.Parallel()
	bin := testkit.Command(t)
	modes := testkit.FixDrivers(bin)
	// The copies outlive the subtests, to be compared at the end.
	dirs := make([]string, len(modes))
	for i := range modes {
		dirs[i] = testkit.CopyModule(t, e2eModule(t))
	}
	before := jsonFindings(t, dirs[0], bin)
	unfixable := 0
	for _, f := range before {
		if !f.fixable {
			unfixable++
		}
	}
	if unfixable == len(before) {
		t.Fatal("no finding has a fix")
	}
	fixed := make([]bool, len(modes))
	t.Run("modes", func(t *testing.T) {
		for i, mode := range modes {
			t.Run(mode.Name, func(t *testing.T) {
				t.Parallel()
				dir := dirs[i]
				fix := testkit.Run(t, dir, mode.Args[0], mode.Args[1:]...)
				if fix.Code != 0 {
					t.Errorf("%s: exit code %d, want 0\n%s", mode.Name, fix.Code, fix.Output)
				}
				if r := testkit.Run(t, dir, "gofmt", "-l", "."); r.Code != 0 || r.Output != "" {
					t.Errorf("after %s, gofmt -l lists:\n%s", mode.Name, r.Output)
				}
				if r := testkit.Run(t, dir, "go", "build", "./..."); r.Code != 0 {
					t.Fatalf("after %s, the module does not build:\n%s", mode.Name, r.Output)
				}
				after := jsonFindings(t, dir, bin)
				for _, f := range after {
					if f.fixable {
						t.Errorf("after %s, still fixable: %s: %s", mode.Name, f.posn, f.message)
					}
				}
				if len(after) != unfixable {
					t.Errorf("after %s: %d findings, want the %d without a fix\n%s", mode.Name, len(after), unfixable, fix.Output)
				}
				fixed[i] = !t.Failed()
			})
		}
	})
	for i := 1; i < len(modes); i++ {
		if fixed[0] && fixed[i] {
			testkit.SameGoFiles(t, dirs[0], modes[0].Name, dirs[i], modes[i].Name)
		}
	}
}

type jsonFinding struct {
	posn, message, category string
	fixable                 bool
	fix                     jsonFix // the first fix, which -fix applies
}

// jsonFix is a suggested fix as -json prints it.
type jsonFix struct {
	Message string `json:"message"`
	Edits   []struct {
		Filename string `json:"filename"`
		New      string `json:"new"`
	} `json:"edits"`
}

// jsonDiagnostic is one of ctxnotify's findings as -json prints it.
type jsonDiagnostic struct {
	Category       string    `json:"category"`
	Posn           string    `json:"posn"`
	Message        string    `json:"message"`
	SuggestedFixes []jsonFix `json:"suggested_fixes"`
}

// decodeDiagnostics decodes ctxnotify's findings, of every package, from
// the command's -json output.
func decodeDiagnostics(t *testing.T, stdout string) []jsonDiagnostic {
	t.Helper()
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(stdout), &tree); err != nil {
		t.Fatalf("decoding -json output: %v\n%s", err, stdout)
	}
	var all []jsonDiagnostic
	for _, byAnalyzer := range tree {
		raw, ok := byAnalyzer["ctxnotify"]
		if !ok {
			continue
		}
		var diags []jsonDiagnostic
		if err := json.Unmarshal(raw, &diags); err != nil {
			t.Fatalf("decoding diagnostics: %v\n%s", err, raw)
		}
		all = append(all, diags...)
	}
	return all
}

// jsonFindings runs the command with -json and decodes its findings.
func jsonFindings(t *testing.T, dir, bin string) []jsonFinding {
	t.Helper()
	r := testkit.Run(t, dir, bin, "-json", "./...")
	if r.Code != 0 {
		t.Fatalf("%s -json: exit code %d\n%s", bin, r.Code, r.Output)
	}
	var found []jsonFinding
	for _, d := range decodeDiagnostics(t, r.Stdout) {
		f := jsonFinding{posn: d.Posn, message: d.Message, category: d.Category, fixable: len(d.SuggestedFixes) > 0}
		if f.fixable {
			f.fix = d.SuggestedFixes[0]
		}
		found = append(found, f)
	}
	sort.Slice(found, func(i, j int) bool { return found[i].posn < found[j].posn })
	return found
}

var update = flag.Bool("update", false, "rewrite the golden files")

// checkGolden compares the findings, messages included, with a reviewed
// golden file; -update rewrites it.
func checkGolden(t *testing.T, golden, got string) {
	t.Helper()
	testkit.Golden(t, golden, got, *update)
}
