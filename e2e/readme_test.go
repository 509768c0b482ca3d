package e2e

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// TestReadme runs the README's build-and-run command line, as on a fresh
// clone, and checks the output the README shows for it, and every diff
// that the README and docs/ show against the real -fix -diff (paths
// relative to the example module). TestModes checks that go vet prints
// the same findings.
func TestReadme(t *testing.T) {
	if testing.Short() {
		t.Skip("downloads modules and analyses their packages")
	}
	t.Parallel()
	readme := readme(t)
	repo := copyRepository(t)
	example := filepath.Join(repo, "example")

	var command string
	for _, block := range docBlocks(t, readme, "## Install") {
		if strings.Contains(block, "cd example") {
			command = strings.TrimSpace(block)
		}
	}
	if command == "" || strings.Contains(command, "\n") {
		t.Fatalf("the README's Install section has no one command line run in example/:\n%s", command)
	}
	// The modules the command needs are downloaded first, so that the go
	// command prints no "go: downloading" line among its output.
	for _, dir := range []string{repo, example} {
		if r := testkit.Run(t, dir, "go", "list", "-deps", "-test", "./..."); r.Code != 0 {
			t.Fatalf("go list in %s: exit code %d\n%s", dir, r.Code, r.Stderr)
		}
	}
	r := testkit.Run(t, repo, "sh", "-c", command)
	if r.Code != 3 {
		t.Fatalf("%s: exit code %d, want 3\n%s", command, r.Code, r.Output)
	}
	// Compared as printed: the command names files relative to the
	// directory it runs in.
	got := r.Stderr
	if want := standaloneOutput(t, readme); !strings.HasPrefix(got, want) {
		t.Errorf("the command prints:\n%s\nthe README shows as its first lines:\n%s", got, want)
	}
	findings := len(findingGroups(got))
	if want := fmt.Sprintf("prints %d findings", findings); !strings.Contains(docSection(t, readme, "### Standalone"), want) {
		t.Errorf("the command prints %d findings; the README's Standalone section does not say %q", findings, want)
	}

	// Each diff shown holds hunks of the diff of the file it names.
	r = testkit.Run(t, example, filepath.Join(repo, "bin", "ctxnotify-lint"), "-fix", "-diff", "./...")
	if r.Code != 0 {
		t.Fatalf("-fix -diff: exit code %d\n%s", r.Code, r.Output)
	}
	diffs := 0
	for _, name := range docFiles(t) {
		for _, diff := range fencedBlocks(doc(t, name), "diff") {
			diffs++
			checkDiff(t, name, diff, example, r.Stdout)
		}
	}
	if diffs < 2 {
		t.Errorf("the README and docs/ show %d diffs, want the two fixes' at least", diffs)
	}
}

// standaloneOutput returns the output the README shows for the
// standalone command: the second block of its section.
func standaloneOutput(t *testing.T, readme string) string {
	t.Helper()
	blocks := docBlocks(t, readme, "### Standalone")
	if len(blocks) < 2 {
		t.Fatalf("the README's Standalone section has %d code blocks, want the commands and an output", len(blocks))
	}
	return blocks[1]
}

// checkDiff checks that each file of diff, as the docs show it, is a part
// of real, the output of -fix -diff in dir: its header that of the
// command (--- FILE (old), +++ FILE (new)), FILE relative to dir where the
// command prints it absolute, and each of its hunks a hunk of that file's
// diff.
func checkDiff(t *testing.T, doc, diff, dir, real string) {
	t.Helper()
	files := strings.Split("\n"+diff, "\n--- ")
	if len(files) < 2 || files[0] != "" {
		t.Errorf("%s: a diff block is not a diff of files:\n%s", doc, diff)
		return
	}
	for _, file := range files[1:] {
		header, rest, _ := strings.Cut(file, "\n")
		rel, isOld := strings.CutSuffix(header, " (old)")
		hunks, ok := strings.CutPrefix(rest, "+++ "+rel+" (new)\n")
		ok = ok && isOld && !filepath.IsAbs(rel)
		name := filepath.Join(dir, filepath.FromSlash(rel))
		_, realFile, found := strings.Cut(real, "--- "+name+" (old)\n+++ "+name+" (new)\n")
		if end := strings.Index(realFile, "\n--- "); end >= 0 {
			realFile = realFile[:end+1]
		}
		if !ok || !found || !strings.HasPrefix(hunks, "@@ ") {
			t.Errorf("%s: the diff of %s is not one of -fix -diff's files:\n%s", doc, rel, file)
			continue
		}
		for _, hunk := range splitHunks(hunks) {
			if !strings.Contains(realFile, hunk) {
				t.Errorf("%s: this hunk of %s is not in its -fix -diff:\n%s\nthe diff:\n%s", doc, rel, hunk, realFile)
			}
		}
	}
}

// splitHunks splits the hunks of one file's diff, each starting at its
// "@@ " line.
func splitHunks(diff string) []string {
	var hunks []string
	for line := range strings.Lines(diff) {
		if strings.HasPrefix(line, "@@ ") || len(hunks) == 0 {
			hunks = append(hunks, "")
		}
		hunks[len(hunks)-1] += line
	}
	return hunks
}

// readme returns the README.
func readme(t *testing.T) string {
	t.Helper()
	return doc(t, "README.md")
}

// doc returns the repository's file name, a path relative to its root.
func doc(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(testkit.Root(t), filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// docFiles returns the README's and docs/'s names, relative to the
// repository's root.
func docFiles(t *testing.T) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(testkit.Root(t), "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files := []string{"README.md"}
	for _, name := range names {
		files = append(files, "docs/"+filepath.Base(name))
	}
	return files
}

// docSection returns the section of a Markdown text whose heading line
// starts with heading, up to the next heading of any level outside a
// code block.
func docSection(t *testing.T, text, heading string) string {
	t.Helper()
	_, section, ok := strings.Cut("\n"+text, "\n"+heading)
	if !ok {
		t.Fatalf("no section %q", heading)
	}
	_, section, _ = strings.Cut(section, "\n")
	var b strings.Builder
	fenced := false
	for line := range strings.Lines(section) {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
		}
		if !fenced && strings.HasPrefix(line, "#") {
			break
		}
		b.WriteString(line)
	}
	return b.String()
}

// docBlocks returns the contents of the fenced code blocks of the section
// whose heading line starts with heading.
func docBlocks(t *testing.T, text, heading string) []string {
	t.Helper()
	return fencedBlocks(docSection(t, text, heading), "")
}

// fencedBlocks returns the contents of the fenced code blocks of text
// whose language is lang, or of all of them when lang is "".
func fencedBlocks(text, lang string) []string {
	var blocks []string
	var cur *strings.Builder
	var curLang string
	for line := range strings.Lines(text) {
		switch {
		case cur == nil && strings.HasPrefix(line, "```"):
			cur, curLang = new(strings.Builder), strings.TrimSpace(strings.TrimPrefix(line, "```"))
		case cur != nil && strings.HasPrefix(line, "```"):
			if lang == "" || curLang == lang {
				blocks = append(blocks, cur.String())
			}
			cur = nil
		case cur != nil:
			cur.WriteString(line)
		}
	}
	return blocks
}

// findingGroups splits output into findings, each with its related
// information (the tab-indented lines after it), and sorts them.
func findingGroups(output string) []string {
	var groups []string
	for line := range strings.Lines(output) {
		if _, msg, ok := strings.Cut(line, ": "); ok && strings.HasPrefix(msg, "\t") && len(groups) > 0 {
			groups[len(groups)-1] += line
			continue
		}
		groups = append(groups, line)
	}
	slices.Sort(groups)
	return groups
}

// copyRepository copies the repository, as a clone has it (no .git, no
// bin), into a temporary directory.
func copyRepository(t *testing.T) string {
	t.Helper()
	root := testkit.Root(t)
	dst := testkit.TempDir(t)
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		if rel == ".git" || rel == "bin" {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(target, 0o755)
		case d.Type().IsRegular():
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			return os.WriteFile(target, data, 0o644)
		}
		return nil // symbolic links and others: none in the repository
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}
