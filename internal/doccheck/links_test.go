package doccheck

import (
	"go/doc/comment"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// link matches a Markdown link's target.
var link = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// pkgDocs are the packages whose doc the documents link to on pkg.go.dev,
// and the file that holds each doc.
var pkgDocs = map[string]string{
	"analyzer":           "analyzer/doc.go",
	"cmd/ctxnotify-lint": "cmd/ctxnotify-lint/doc.go",
	"plugin":             "plugin/plugin.go",
}

// TestLinks checks the links the documents make to one another, to the
// repository's files and to the packages' docs on pkg.go.dev: the file
// exists, and the heading a link names is one of its headings. Each topic
// has one home that the others link to, so a link that goes nowhere loses
// the topic.
func TestLinks(t *testing.T) {
	t.Parallel()
	root := testkit.Root(t)
	const pkgsite = "https://pkg.go.dev/github.com/ctxnotify/ctxnotify-lint/"
	checked := 0
	for _, name := range documents {
		for _, m := range link.FindAllStringSubmatch(read(t, name), -1) {
			target, anchor, _ := strings.Cut(m[1], "#")
			switch {
			case strings.HasPrefix(target, pkgsite):
				pkg := strings.TrimPrefix(target, pkgsite)
				file, ok := pkgDocs[pkg]
				if !ok {
					t.Errorf("%s links to %s, a package this test does not know", name, m[1])
					continue
				}
				checked++
				switch {
				case anchor == "":
				case strings.HasPrefix(anchor, "hdr-"):
					if !goHeadings(docComment(t, file))[anchor] {
						t.Errorf("%s links to %s: %s has no such heading", name, m[1], file)
					}
				case !declarations(t, filepath.Join(root, filepath.FromSlash(pkg)))[anchor]:
					t.Errorf("%s links to %s: %s declares no %s", name, m[1], pkg, anchor)
				}
			case strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:"):
				// another site
			default:
				file := target
				if file == "" {
					file = name // #anchor: a heading of the same document
				} else {
					file = path.Join(path.Dir(name), target)
				}
				checked++
				if !exists(root, file) {
					t.Errorf("%s links to %s, which does not exist", name, m[1])
					continue
				}
				if anchor != "" && strings.HasSuffix(file, ".md") && !markdownHeadings(read(t, file))[anchor] {
					t.Errorf("%s links to %s: %s has no such heading", name, m[1], file)
				}
			}
		}
	}
	if checked < 30 {
		t.Errorf("the documents make %d links this test checks; the extraction is broken", checked)
	}
}

// goHeadings returns the anchors pkg.go.dev gives the headings of a doc
// comment: "hdr-" and go/doc/comment's ID.
func goHeadings(text string) map[string]bool {
	ids := make(map[string]bool)
	for line := range strings.Lines(text) {
		if heading, ok := strings.CutPrefix(line, "# "); ok {
			h := &comment.Heading{Text: []comment.Text{comment.Plain(strings.TrimSpace(heading))}}
			ids[h.DefaultID()] = true
		}
	}
	return ids
}

// markdownHeadings returns the anchors GitHub gives the headings of a
// Markdown text: lower case, punctuation dropped, spaces as hyphens.
func markdownHeadings(text string) map[string]bool {
	ids := make(map[string]bool)
	fenced := false
	for line := range strings.Lines(text) {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
		}
		if fenced || !strings.HasPrefix(line, "#") {
			continue
		}
		heading := strings.TrimSpace(strings.TrimLeft(line, "#"))
		var b strings.Builder
		for _, r := range strings.ToLower(heading) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || 'a' <= r && r <= 'z' || '0' <= r && r <= '9':
				b.WriteRune(r)
			}
		}
		ids[b.String()] = true
	}
	return ids
}
