package testkit

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// A Finding is one reported call: the file relative to the module root
// (slash-separated), the position and the message.
type Finding struct {
	File         string
	Line, Column int
	Message      string
}

func (f Finding) String() string {
	return fmt.Sprintf("%s:%d:%d: %s", f.File, f.Line, f.Column, f.Message)
}

// At is the finding's file:line, the precision of the markers.
func (f Finding) At() string { return fmt.Sprintf("%s:%d", f.File, f.Line) }

// diagLine matches "path/file.go:12:3: message", as the command and go vet
// print a diagnostic; a message that starts with a tab is related
// information.
var diagLine = regexp.MustCompile(`^(.+\.go):(\d+):(\d+): (.*)$`)

// ParseFindings parses the text output of the command or of go vet. Paths
// are made relative to dir, related information is left out, and the
// findings are sorted. The non-empty lines that are neither findings nor
// related information are returned in other (go vet's "# pkg" headers,
// errors), but for the go command's "go: downloading" lines.
func ParseFindings(t testing.TB, dir, output string) (found []Finding, other []string) {
	t.Helper()
	for line := range strings.Lines(WithoutDownloads(output)) {
		line = strings.TrimSuffix(line, "\n")
		m := diagLine.FindStringSubmatch(line)
		if m == nil {
			if strings.TrimSpace(line) != "" {
				other = append(other, line)
			}
			continue
		}
		if strings.HasPrefix(m[4], "\t") {
			continue
		}
		ln, err := strconv.Atoi(m[2])
		if err != nil {
			t.Fatalf("line number in %q: %v", line, err)
		}
		col, err := strconv.Atoi(m[3])
		if err != nil {
			t.Fatalf("column in %q: %v", line, err)
		}
		found = append(found, Finding{Rel(t, dir, m[1]), ln, col, m[4]})
	}
	return Sorted(found), other
}

// Sorted sorts the findings by file, line, column and message, and
// returns them.
func Sorted(found []Finding) []Finding {
	slices.SortFunc(found, func(a, b Finding) int {
		return cmp.Or(
			strings.Compare(a.File, b.File),
			cmp.Compare(a.Line, b.Line),
			cmp.Compare(a.Column, b.Column),
			strings.Compare(a.Message, b.Message))
	})
	return found
}

// Lines returns the At of each finding, sorted.
func Lines(found []Finding) []string {
	var at []string
	for _, f := range found {
		at = append(at, f.At())
	}
	slices.Sort(at)
	return at
}

// List prints findings one per line, tab-indented, for test failures.
func List(found []Finding) string {
	if len(found) == 0 {
		return "\t(none)\n"
	}
	var b strings.Builder
	for _, f := range found {
		fmt.Fprintf(&b, "\t%v\n", f)
	}
	return b.String()
}

// WithoutDownloads returns output without the lines in which the go
// command says it downloads a module: on a fresh module cache, whichever
// run first needs a module prints them.
func WithoutDownloads(output string) string {
	var b strings.Builder
	for line := range strings.Lines(output) {
		if !strings.HasPrefix(line, "go: downloading ") {
			b.WriteString(line)
		}
	}
	return b.String()
}
