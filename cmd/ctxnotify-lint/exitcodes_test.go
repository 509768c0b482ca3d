package main

import (
	"maps"
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// TestExitCodes runs every mode of the command's table of exit codes but
// golangci-lint's (tools/golangci-lint's test runs that one) over the
// small module in each column, and checks that it exits with the code the
// table gives: no findings (the module without its sink), findings (with
// it: two, each with a fix), a package with errors (a type error besides
// the findings) and a bad flag value. It also checks the table's note
// (c): a bad boolean value is go vet's and go fix's own flag error.
func TestExitCodes(t *testing.T) {
	t.Parallel()
	bin := testkit.Command(t)
	broken := maps.Clone(testkit.SmallModule)
	broken["wrap/broken.go"] = "package wrap\n\nvar broken int = \"s\"\n"
	columns := [4]struct {
		files map[string]string
		flags []string
	}{
		{testkit.SmallModule, nil},
		{testkit.SmallModule, []string{testkit.SmallSinkFlag}},
		{broken, []string{testkit.SmallSinkFlag}},
		{testkit.SmallModule, []string{"-ctxnotify.scope=bogus", testkit.SmallSinkFlag}},
	}
	rows := testkit.ExitCodes(t)
	seen := make(map[string]bool)
	for _, row := range rows {
		seen[strings.Fields(row.Mode)[0]] = true
		if strings.HasPrefix(row.Mode, "golangci-lint ") {
			continue
		}
		t.Run(row.Mode, func(t *testing.T) {
			t.Parallel()
			for i, col := range columns {
				args := append(append(row.Args(bin), col.flags...), "./...")
				r := testkit.Run(t, testkit.WriteModule(t, col.files), args[0], args[1:]...)
				if r.Code != row.Codes[i] {
					t.Errorf("%s, %s: exit code %d, the table says %d\n%s", row.Mode, testkit.ExitCodeColumns[i], r.Code, row.Codes[i], r.Output)
				}
			}
		})
	}
	for _, mode := range []string{"ctxnotify-lint", "go", "golangci-lint"} {
		if !seen[mode] {
			t.Errorf("the table of exit codes has no row of %s", mode)
		}
	}
	t.Run("bad boolean", func(t *testing.T) {
		t.Parallel()
		dir := testkit.WriteModule(t, testkit.SmallModule)
		for _, tool := range [][]string{{"vet", "-vettool=" + bin}, {"fix", "-fixtool=" + bin}} {
			r := testkit.Run(t, dir, "go", append(tool, "-ctxnotify.strict=maybe", "./...")...)
			if want := `invalid boolean value "maybe" for -ctxnotify.strict`; r.Code != 2 || !strings.Contains(r.Stderr, want) {
				t.Errorf("go %s -ctxnotify.strict=maybe: exit code %d, want 2 and %q:\n%s", tool[0], r.Code, want, r.Output)
			}
		}
	})
}
