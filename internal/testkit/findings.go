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
// (slash-separated), the position and the message, and the related
// information printed under it. Related is a string, so that findings
// compare with ==: every driver must print the same.
type Finding struct {
	File         string
	Line, Column int
	Message      string
	Related      string // "\n\tfile:line:col: message" for each item, its path as File's
}

func (f Finding) String() string {
	return fmt.Sprintf("%s:%d:%d: %s%s", f.File, f.Line, f.Column, f.Message, f.Related)
}

// Unfold splits a message that carries its related information, as the
// golangci-lint plugin folds it (each item on a line of its own, as the
// command prints it under the finding), into the message and Related, its
// paths made relative to dir. A line that is no related item is an error.
func Unfold(t testing.TB, dir, text string) (message, related string) {
	t.Helper()
	message, rest, _ := strings.Cut(text, "\n")
	for line := range strings.Lines(rest) {
		line = strings.TrimSuffix(line, "\n")
		m := diagLine.FindStringSubmatch(line)
		rel, ok := "", m != nil
		if ok {
			rel, ok = strings.CutPrefix(m[4], "\t")
		}
		if !ok {
			t.Errorf("%q: line %q of the message is no related item", text, line)
			continue
		}
		related += fmt.Sprintf("\n\t%s:%s:%s: %s", Rel(t, dir, m[1]), m[2], m[3], rel)
	}
	return message, related
}

// At is the finding's file:line, the precision of the markers.
func (f Finding) At() string { return fmt.Sprintf("%s:%d", f.File, f.Line) }

// diagLine matches "path/file.go:12:3: message", as the command and go vet
// print a diagnostic; a message that starts with a tab is related
// information.
var diagLine = regexp.MustCompile(`^(.+\.go):(\d+):(\d+): (.*)$`)

// ParseFindings parses the text output of the command or of go vet. Paths
// are made relative to dir, related information goes with the finding it
// follows, and the findings are sorted. The non-empty lines that are
// neither findings nor related information are returned in other (go
// vet's "# pkg" headers, errors), but for the go command's "go:
// downloading" lines.
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
		if rel, ok := strings.CutPrefix(m[4], "\t"); ok {
			if len(found) == 0 {
				other = append(other, line) // related to nothing
				continue
			}
			found[len(found)-1].Related += fmt.Sprintf("\n\t%s:%s:%s: %s", Rel(t, dir, m[1]), m[2], m[3], rel)
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
		found = append(found, Finding{File: Rel(t, dir, m[1]), Line: ln, Column: col, Message: m[4]})
	}
	return Sorted(found), other
}

// Sorted sorts the findings by file, line, column, message and related
// information, and returns them.
func Sorted(found []Finding) []Finding {
	slices.SortFunc(found, func(a, b Finding) int {
		return cmp.Or(
			strings.Compare(a.File, b.File),
			cmp.Compare(a.Line, b.Line),
			cmp.Compare(a.Column, b.Column),
			strings.Compare(a.Message, b.Message),
			strings.Compare(a.Related, b.Related))
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
