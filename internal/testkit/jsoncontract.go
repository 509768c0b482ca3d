package testkit

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// JSONContract is what the command's documentation (cmd/ctxnotify-lint,
// "JSON output") promises of the -json output: the fields of a finding,
// those of a fix's edit, and the categories, each in the order of its
// table.
type JSONContract struct {
	Finding, Edit, Categories []string
}

// ReadJSONContract reads the three tables of the section JSON output of
// the command's doc: the names that open their lines, in order.
func ReadJSONContract(t testing.TB) JSONContract {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(Root(t), "cmd", "ctxnotify-lint", "doc.go"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "\n// # JSON output\n")
	section, _, _ = strings.Cut(section, "\n// # ")
	if !ok {
		t.Fatal("cmd/ctxnotify-lint/doc.go has no section JSON output")
	}
	var tables [][]string
	inTable := false
	for line := range strings.Lines(section) {
		line = strings.TrimPrefix(strings.TrimSuffix(line, "\n"), "//")
		switch {
		case strings.HasPrefix(line, "\t ") || strings.HasPrefix(line, "\t\t"):
			// a continuation line
		case strings.HasPrefix(line, "\t"):
			if !inTable {
				tables = append(tables, nil)
			}
			inTable = true
			tables[len(tables)-1] = append(tables[len(tables)-1], strings.Fields(line)[0])
		default:
			inTable = false
		}
	}
	if len(tables) != 3 {
		t.Fatalf("the section JSON output has %d tables, want three: a finding's fields, an edit's, the categories", len(tables))
	}
	return JSONContract{Finding: tables[0], Edit: tables[1], Categories: tables[2]}
}
