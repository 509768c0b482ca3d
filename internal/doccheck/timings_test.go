package doccheck

import (
	"regexp"
	"strings"
	"testing"
)

var (
	// duration matches a measured time: 1m16s, 9m03s, 28s.
	duration = regexp.MustCompile(`\b(\d+m\d+s|\d+(\.\d+)?s)\b`)
	// date matches the day a measurement was made.
	date = regexp.MustCompile(`\b\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}\b`)
)

// TestOneTimingsTable checks that the time commands take is given in one
// place, measured one way: DEVELOPMENT.md's table whose columns are
// "fresh" and "warm", in a section that says the day it was measured;
// no time stands outside it in DEVELOPMENT.md, and no other doc has such
// a table. (BENCHMARKS.md records the analyzer's CPU time, another
// measure, with its own method.)
func TestOneTimingsTable(t *testing.T) {
	t.Parallel()
	dev := read(t, "DEVELOPMENT.md")
	tables := timingTables(dev)
	if len(tables) != 1 {
		t.Fatalf("DEVELOPMENT.md has %d tables of timings (a header with fresh and warm), want one", len(tables))
	}
	table := tables[0]
	if !strings.HasPrefix(table, "| command | fresh | warm |\n") {
		t.Errorf("DEVELOPMENT.md's timings table has the header %q, want | command | fresh | warm |", strings.SplitN(table, "\n", 2)[0])
	}
	if n := len(duration.FindAllString(table, -1)); n < 4 {
		t.Errorf("DEVELOPMENT.md's timings table holds %d times:\n%s", n, table)
	}
	rest := strings.Replace(dev, table, "", 1)
	for _, d := range duration.FindAllString(rest, -1) {
		t.Errorf("DEVELOPMENT.md gives the time %s outside its timings table", d)
	}
	if s := section(t, dev, "## Timings"); !strings.Contains(s, table) || !date.MatchString(s) {
		t.Errorf("DEVELOPMENT.md's Timings section does not hold the table and the day it was measured:\n%s", s)
	}
	for _, name := range documents {
		if name == "DEVELOPMENT.md" {
			continue
		}
		if n := len(timingTables(read(t, name))); n > 0 {
			t.Errorf("%s has %d tables of timings; they belong in DEVELOPMENT.md's", name, n)
		}
	}
}

// timingTables returns the Markdown tables of text whose header row names
// a "fresh" column, each as its lines.
func timingTables(text string) []string {
	var tables []string
	var cur strings.Builder
	flush := func() {
		if t := cur.String(); t != "" && strings.Contains(strings.SplitN(t, "\n", 2)[0], "fresh") {
			tables = append(tables, t)
		}
		cur.Reset()
	}
	for line := range strings.Lines(text) {
		if strings.HasPrefix(line, "|") {
			cur.WriteString(line)
			continue
		}
		flush()
	}
	flush()
	return tables
}
