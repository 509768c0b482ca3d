package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// TestJSONContract decodes the -json output, standalone and under go vet
// -json, against what the command's documentation promises tooling
// (section JSON output): a stream of objects (one standalone), each
// mapping an import path to the analyzer's name to the findings or an
// error; each finding with the fields documented and no other, a known
// category, absolute positions; each fix with a message and edits of the
// documented fields; and every documented field met.
func TestJSONContract(t *testing.T) {
	t.Parallel()
	contract := testkit.ReadJSONContract(t)
	bin := testkit.Command(t)
	dir := testkit.WriteModule(t, testkit.SmallModule)
	seen := make(map[string]bool)
	for _, run := range []struct {
		name    string
		args    []string
		objects int // -1: any number
		errors  bool
	}{
		{"standalone", []string{bin, "-json", testkit.SmallSinkFlag, "./..."}, 1, false},
		{"go vet -json", []string{"go", "vet", "-vettool=" + bin, "-json", testkit.SmallSinkFlag, "./..."}, -1, false},
		{"standalone, an analysis error", []string{bin, "-json", "-ctxnotify.sinks=example.com/m/events.Recorder.Nope", "./b"}, 1, true},
	} {
		r := testkit.Run(t, dir, run.args[0], run.args[1:]...)
		if r.Code != 0 {
			t.Fatalf("%s: exit code %d, want 0\n%s", run.name, r.Code, r.Output)
		}
		dec := json.NewDecoder(strings.NewReader(r.Stdout))
		objects, findings, failures := 0, 0, 0
		for {
			var tree map[string]map[string]json.RawMessage
			err := dec.Decode(&tree)
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("%s: the output is no stream of package -> analyzer objects: %v\n%s", run.name, err, r.Stdout)
			}
			objects++
			for pkg, byAnalyzer := range tree {
				if m := packageID.FindStringSubmatch(pkg); m == nil {
					t.Errorf("%s: key %q is not a package's ID", run.name, pkg)
				}
				for name, raw := range byAnalyzer {
					if name != "ctxnotify" {
						t.Errorf("%s: %s: analyzer %q, want ctxnotify", run.name, pkg, name)
					}
					if bytes.HasPrefix(bytes.TrimSpace(raw), []byte("{")) {
						failures++
						checkKeys(t, run.name+": an error", raw, []string{"error"}, []string{"error"}, seen, "error.")
						continue
					}
					var diags []json.RawMessage
					if err := json.Unmarshal(raw, &diags); err != nil {
						t.Fatalf("%s: %s: findings: %v", run.name, pkg, err)
					}
					if !importPath.MatchString(pkg) {
						t.Errorf("%s: findings under %q, not under the package's import path", run.name, pkg)
					}
					for _, d := range diags {
						findings++
						checkFinding(t, run.name, d, contract, dir, seen)
					}
				}
			}
		}
		if run.objects >= 0 && objects != run.objects || findings == 0 && !run.errors || run.errors != (failures > 0) {
			t.Errorf("%s: %d objects, %d findings, %d errors\n%s", run.name, objects, findings, failures, r.Stdout)
		}
	}
	var want []string
	for _, f := range contract.Finding {
		want = append(want, "finding."+f)
	}
	for _, f := range contract.Edit {
		want = append(want, "edit."+f)
	}
	want = append(want, "fix.message", "fix.edits", "related.posn", "related.end", "related.message", "error.error")
	slices.Sort(want)
	if got := slices.Sorted(maps.Keys(seen)); !slices.Equal(got, want) {
		t.Errorf("fields met:\n%v\nthe documented ones:\n%v", got, want)
	}
}

// packageID is a key of the JSON output: an import path, that of a test
// variant or of a test binary; importPath the key of findings.
var (
	packageID  = regexp.MustCompile(`^example\.com/m/\w+(?: \[example\.com/m/\w+\.test\]|\.test)?$`)
	importPath = regexp.MustCompile(`^example\.com/m/\w+$`)
)

// position is a finding's posn or end: an absolute file, a line, a column.
var position = regexp.MustCompile(`^(.+\.go):\d+:\d+$`)

func checkFinding(t *testing.T, run string, raw json.RawMessage, contract testkit.JSONContract, dir string, seen map[string]bool) {
	t.Helper()
	var d struct {
		Category       string            `json:"category"`
		Posn           string            `json:"posn"`
		End            string            `json:"end"`
		SuggestedFixes []json.RawMessage `json:"suggested_fixes"`
		Related        []json.RawMessage `json:"related"`
	}
	checkKeys(t, run+": a finding", raw, contract.Finding, []string{"category", "posn", "end", "message"}, seen, "finding.")
	if err := json.Unmarshal(raw, &d); err != nil {
		t.Fatalf("%s: %v", run, err)
	}
	if !slices.Contains(contract.Categories, d.Category) {
		t.Errorf("%s: category %q is none of the documented %v", run, d.Category, contract.Categories)
	}
	for _, p := range []string{d.Posn, d.End} {
		if m := position.FindStringSubmatch(p); m == nil || !filepath.IsAbs(m[1]) || !strings.HasPrefix(m[1], dir) {
			t.Errorf("%s: position %q is not FILE:LINE:COLUMN with FILE absolute", run, p)
		}
	}
	for _, fix := range d.SuggestedFixes {
		checkKeys(t, run+": a fix", fix, []string{"message", "edits"}, []string{"message", "edits"}, seen, "fix.")
		var f struct {
			Edits []json.RawMessage `json:"edits"`
		}
		if err := json.Unmarshal(fix, &f); err != nil {
			t.Fatal(err)
		}
		prev := ""
		for _, e := range f.Edits {
			checkKeys(t, run+": an edit", e, contract.Edit, contract.Edit, seen, "edit.")
			var edit struct {
				Filename string `json:"filename"`
				Start    int    `json:"start"`
			}
			if err := json.Unmarshal(e, &edit); err != nil {
				t.Fatal(err)
			}
			at := fmt.Sprintf("%s\x00%020d", edit.Filename, edit.Start)
			if at < prev {
				t.Errorf("%s: a fix's edits are not in the order of their files and offsets:\n%s", run, fix)
			}
			prev = at
		}
	}
	for _, rel := range d.Related {
		checkKeys(t, run+": related information", rel, []string{"posn", "end", "message"}, []string{"posn", "end", "message"}, seen, "related.")
	}
}

// checkKeys checks that the object raw has only keys of allowed and all
// of required, and records each key it has, prefixed, in seen.
func checkKeys(t *testing.T, what string, raw json.RawMessage, allowed, required []string, seen map[string]bool, prefix string) {
	t.Helper()
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil {
		t.Fatalf("%s is no object: %v\n%s", what, err, raw)
	}
	for k := range obj {
		seen[prefix+k] = true
		if !slices.Contains(allowed, k) {
			t.Errorf("%s has the field %q, which the documentation does not list (%v)", what, k, allowed)
		}
	}
	for _, k := range required {
		if _, ok := obj[k]; !ok {
			t.Errorf("%s lacks the field %q:\n%s", what, k, raw)
		}
	}
}
