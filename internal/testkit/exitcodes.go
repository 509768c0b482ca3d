package testkit

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// ExitCodeColumns are the columns of the command's table of exit codes,
// after the mode: what the run meets.
var ExitCodeColumns = [4]string{"no findings", "findings", "package with errors", "bad flag value"}

// An ExitCodeRow is one row of the table of exit codes that the command's
// documentation (cmd/ctxnotify-lint/doc.go, "Exit codes") gives: the
// command line of a mode, as the table writes it, and its exit code in
// each column of ExitCodeColumns.
type ExitCodeRow struct {
	Mode  string
	Codes [4]int
}

// Args returns the row's command line with bin for ctxnotify-lint and
// the packages left out: {"go", "vet", "-vettool=BIN", "-json"}.
func (r ExitCodeRow) Args(bin string) []string {
	var args []string
	for _, f := range strings.Fields(r.Mode) {
		switch f {
		case "ctxnotify-lint":
			args = append(args, bin)
		case "./...":
		default:
			args = append(args, strings.ReplaceAll(f, "…", bin))
		}
	}
	return args
}

// exitCodeRow is a row of the table: the mode, then the four codes, each
// perhaps with a note such as "(a)".
var exitCodeRow = regexp.MustCompile(`^\t(\S.*?\S)\s{2,}(\d)(?: \([a-z]\))?\s+(\d)(?: \([a-z]\))?\s+(\d)(?: \([a-z]\))?\s+(\d)(?: \([a-z]\))?$`)

// ExitCodes reads the table of exit codes from the command's doc.
func ExitCodes(t testing.TB) []ExitCodeRow {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(Root(t), "cmd", "ctxnotify-lint", "doc.go"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "\n// # Exit codes\n")
	section, _, _ = strings.Cut(section, "\n// # ")
	if !ok {
		t.Fatal("cmd/ctxnotify-lint/doc.go has no section Exit codes")
	}
	var rows []ExitCodeRow
	header := false
	for line := range strings.Lines(section) {
		line = strings.TrimSuffix(strings.TrimPrefix(line, "//"), "\n")
		if strings.HasPrefix(line, "\tmode ") {
			header = true
			cols := strings.Join(ExitCodeColumns[:], "  ")
			if got := strings.Join(strings.Fields(strings.TrimPrefix(line, "\tmode ")), " "); got != strings.Join(strings.Fields(cols), " ") {
				t.Fatalf("the table of exit codes has the columns %q, want %q", got, cols)
			}
			continue
		}
		m := exitCodeRow.FindStringSubmatch(line)
		if !header || m == nil {
			continue
		}
		row := ExitCodeRow{Mode: m[1]}
		for i := range row.Codes {
			row.Codes[i], _ = strconv.Atoi(m[2+i])
		}
		rows = append(rows, row)
	}
	if len(rows) < 10 {
		t.Fatalf("the table of exit codes has %d rows; the extraction is broken", len(rows))
	}
	return rows
}
