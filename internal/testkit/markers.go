package testkit

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// A line the analyzer must report carries a "// finding" comment, usually
// followed by why: "// finding: the webhook fails at shutdown".
var markerComment = regexp.MustCompile(`// finding\b`)

// A Marker is one "// finding" comment: the line it is on and the text
// after "// finding".
type Marker struct {
	At   string // file:line, the file relative to the module, slash-separated
	Text string
}

// Markers returns the "// finding" markers of the Go files under dir,
// sorted by At.
func Markers(t testing.TB, dir string) []Marker {
	t.Helper()
	var ms []Marker
	WalkGoFiles(t, dir, func(rel string, data []byte) {
		for i, line := range strings.Split(string(data), "\n") {
			if loc := markerComment.FindStringIndex(line); loc != nil {
				ms = append(ms, Marker{fmt.Sprintf("%s:%d", rel, i+1), line[loc[1]:]})
			}
		}
	})
	slices.SortFunc(ms, func(a, b Marker) int { return strings.Compare(a.At, b.At) })
	return ms
}

// MarkedLines returns the At of each marker, sorted.
func MarkedLines(ms []Marker) []string {
	var at []string
	for _, m := range ms {
		at = append(at, m.At)
	}
	slices.Sort(at)
	return at
}

// WalkGoFiles calls fn with the path (relative to dir, slash-separated)
// and the content of every Go file under dir.
func WalkGoFiles(t testing.TB, dir string, fn func(rel string, data []byte)) {
	t.Helper()
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		fn(Rel(t, dir, path), data)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// SameGoFiles checks that the Go files under dirs a and b are the same,
// and reports each that differs, naming what wrote them (aName, bName).
func SameGoFiles(t testing.TB, a, aName, b, bName string) {
	t.Helper()
	seen := make(map[string]bool)
	WalkGoFiles(t, a, func(rel string, data []byte) {
		seen[rel] = true
		other, err := os.ReadFile(filepath.Join(b, filepath.FromSlash(rel)))
		if err != nil {
			t.Error(err)
			return
		}
		if !bytes.Equal(data, other) {
			t.Errorf("%s: %s wrote\n%s\n%s wrote\n%s", rel, aName, data, bName, other)
		}
	})
	WalkGoFiles(t, b, func(rel string, _ []byte) {
		if !seen[rel] {
			t.Errorf("%s: only %s has it", rel, bName)
		}
	})
}
