package doccheck

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

func TestMain(m *testing.M) { os.Exit(testkit.Main(m)) }

// read returns the repository's file name, a slash-separated path from its
// root.
func read(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(testkit.Root(t), filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// section returns the Markdown section of text whose heading is heading
// ("## Layout"), up to the next heading of the same or a higher level
// outside a code block.
func section(t *testing.T, text, heading string) string {
	t.Helper()
	level := strings.Index(heading, " ")
	_, rest, ok := strings.Cut("\n"+text, "\n"+heading+"\n")
	if !ok {
		t.Fatalf("no section %q", heading)
	}
	var b strings.Builder
	fenced := false
	for line := range strings.Lines(rest) {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
		}
		if !fenced && strings.HasPrefix(line, "#") {
			if n := strings.Index(line, " "); n > 0 && n <= level {
				break
			}
		}
		b.WriteString(line)
	}
	return b.String()
}

// docComment returns the text of the package doc comment of the Go file
// name: the lines of the comment above the package clause, without their
// "// " prefix.
func docComment(t *testing.T, name string) string {
	t.Helper()
	var b strings.Builder
	for line := range strings.Lines(read(t, name)) {
		if strings.HasPrefix(line, "package ") {
			break
		}
		if text, ok := strings.CutPrefix(line, "//"); ok {
			b.WriteString(strings.TrimPrefix(text, " "))
		}
	}
	return b.String()
}
