package driver

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

func TestParseArgs(t *testing.T) {
	t.Parallel()
	a := &analysis.Analyzer{Name: "ctxnotify", Doc: "test", Run: func(*analysis.Pass) (any, error) { return nil, nil }}
	for _, tc := range []struct {
		args         []string
		multichecker bool
		debug, tags  string
		err          string // a part of the error message, "" for none
	}{
		{args: []string{"./..."}},
		{args: []string{"-debug=tp", "-v", "./..."}, debug: "tpv"},
		{args: []string{"-v", "./..."}, debug: "v"},
		{args: []string{"-tags=a,b", "./..."}, tags: "a,b"},
		{args: []string{"-source", "./..."}, err: "flag -source is not supported: it is a legacy go vet flag without effect"},
		{args: []string{"-all", "./..."}, err: "flag -all is not supported: it is a legacy go vet flag without effect"},
		{args: []string{"-source=false", "-all=false", "./..."}},
		{args: []string{"-debug=x", "./..."}, err: `invalid value "x" for flag -debug: want letters of "fpstv"`},
		{args: []string{"-bogus", "./..."}, err: "flag provided but not defined: -bogus"},
		// What the multichecker answers, it parses: as before, the
		// legacy flags are accepted there.
		{args: []string{"-source", "-all", "-v", "-debug=x", "-tags=a", "vet.cfg"}, multichecker: true, debug: "x", tags: "a"},
		{args: []string{"-flags"}, multichecker: true},
		{args: []string{"-V=full"}, multichecker: true},
		{args: []string{"help", "ctxnotify"}, multichecker: true},
		{args: nil, multichecker: true},
	} {
		var stderr bytes.Buffer
		cl, err := ParseArgs(a, tc.args, &stderr)
		switch {
		case tc.err != "":
			if err == nil || !strings.Contains(stderr.String(), tc.err) {
				t.Errorf("%q: error %v, stderr %q; want an error and %q", tc.args, err, &stderr, tc.err)
			}
		case err != nil:
			t.Errorf("%q: %v", tc.args, err)
		case cl.Multichecker != tc.multichecker || cl.Debug != tc.debug || cl.Tags != tc.tags:
			t.Errorf("%q: multichecker %t, debug %q, tags %q; want %t, %q, %q",
				tc.args, cl.Multichecker, cl.Debug, cl.Tags, tc.multichecker, tc.debug, tc.tags)
		}
	}
	var stderr bytes.Buffer
	if _, err := ParseArgs(a, []string{"-h"}, &stderr); !errors.Is(err, flag.ErrHelp) || !strings.Contains(stderr.String(), "-deps") {
		t.Errorf("-h: %v, usage:\n%s", err, &stderr)
	}
}

// TestFlagErrorVetRuns checks what a bad flag value costs in each run: a
// line and exit 2 standalone; under go vet and go fix, a line and exit 1
// for a package they name, nothing and exit 0 for a dependency they
// analyse only for its facts (VetxOnly in the .cfg file).
func TestFlagErrorVetRuns(t *testing.T) {
	t.Parallel()
	a := &analysis.Analyzer{Name: "ctxnotify", Doc: "test", Run: func(*analysis.Pass) (any, error) { return nil, nil }}
	a.Flags.Int("n", 0, "a number")
	dir := t.TempDir()
	cfg := func(name, content string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	named := cfg("named.cfg", `{"ImportPath": "example.com/p", "VetxOnly": false}`)
	dep := cfg("dep.cfg", `{"ImportPath": "example.com/dep", "VetxOnly": true}`)
	const line = `: -ctxnotify.n: parse error` + "\n"
	for _, tc := range []struct {
		args     []string
		code     int
		printed  bool
		vetRun   bool
		lineWant string
	}{
		{[]string{"-ctxnotify.n=x", "./..."}, 2, true, false, line},
		{[]string{"-ctxnotify.n=x", "-json", named}, 1, true, true, line},
		{[]string{"-ctxnotify.n=x", "-json", dep}, 0, false, true, ""},
		{[]string{"-ctxnotify.n=x", filepath.Join(dir, "missing.cfg")}, 1, true, true, line},
		{[]string{"-c=x", named}, 1, true, true, `: invalid value "x" for flag -c: parse error` + "\n"},
	} {
		var stderr bytes.Buffer
		_, err := ParseArgs(a, tc.args, &stderr)
		var fe *FlagError
		if !errors.As(err, &fe) {
			t.Errorf("%q: error %v, want a *FlagError", tc.args, err)
			continue
		}
		if fe.ExitCode() != tc.code || fe.VetRun != tc.vetRun || (stderr.Len() > 0) != tc.printed || !strings.HasSuffix(stderr.String(), tc.lineWant) || strings.Count(stderr.String(), "\n") > 1 {
			t.Errorf("%q: exit code %d, vet run %t, printed %q; want %d, %t and one line ending in %q", tc.args, fe.ExitCode(), fe.VetRun, &stderr, tc.code, tc.vetRun, tc.lineWant)
		}
	}
}
