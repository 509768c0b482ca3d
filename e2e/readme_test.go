package e2e

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// TestReadme runs the README's quick-start command line, as on a fresh
// clone, and checks the output the README shows for it and for go fix
// (paths relative to the example module). TestModes checks the go vet
// output.
func TestReadme(t *testing.T) {
	if testing.Short() {
		t.Skip("downloads modules and analyses their packages")
	}
	t.Parallel()
	readme := readme(t)
	repo := copyRepository(t)
	example := filepath.Join(repo, "example")

	quickStart := readmeBlocks(t, readme, "## Quick start")
	command := strings.TrimSpace(quickStart[0])
	if strings.Contains(command, "\n") || !strings.Contains(command, "cd example") {
		t.Fatalf("the quick start is not one command line run in example/:\n%s", command)
	}
	r := testkit.Run(t, repo, "sh", "-c", command)
	if r.Code != 3 {
		t.Fatalf("%s: exit code %d, want 3\n%s", command, r.Code, r.Output)
	}
	got := strings.ReplaceAll(testkit.WithoutDownloads(r.Stderr), example+string(filepath.Separator), "")
	if want := quickStart[1]; got != want {
		t.Errorf("the quick start prints:\n%s\nthe README shows:\n%s", got, want)
	}

	// The go fix example shows the start of the diff of each file it names.
	r = testkit.Run(t, example, filepath.Join(repo, "bin", "ctxnotify-lint"), "-fix", "-diff", "./...")
	if r.Code != 0 {
		t.Fatalf("-fix -diff: exit code %d\n%s", r.Code, r.Output)
	}
	diff := readmeBlocks(t, readme, "### As a go fix tool")[1]
	files := strings.Split(diff, "--- a/")
	if len(files) < 2 || files[0] != "" {
		t.Fatalf("the go fix example is not a diff of files:\n%s", diff)
	}
	for _, file := range files[1:] {
		rel, rest, _ := strings.Cut(file, "\n")
		hunks, ok := strings.CutPrefix(rest, "+++ b/"+rel+"\n")
		name := filepath.Join(example, filepath.FromSlash(rel))
		if !ok || !strings.HasPrefix(hunks, "@@ ") || !strings.Contains(r.Stdout, "--- "+name+" (old)\n+++ "+name+" (new)\n"+hunks) {
			t.Errorf("the go fix example of %s is not the start of its diff:\n%s\nthe diff:\n%s", rel, file, r.Stdout)
		}
	}
}

// readme returns the README.
func readme(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(testkit.Root(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// readmeBlocks returns the contents of the fenced code blocks of the
// README's section whose heading line starts with heading.
func readmeBlocks(t *testing.T, readme, heading string) []string {
	t.Helper()
	_, section, ok := strings.Cut(readme, "\n"+heading)
	if !ok {
		t.Fatalf("the README has no section %q", heading)
	}
	_, section, _ = strings.Cut(section, "\n")
	if end := strings.Index(section, "\n#"); end >= 0 {
		section = section[:end]
	}
	var blocks []string
	for {
		_, rest, ok := strings.Cut(section, "```")
		if !ok {
			break
		}
		_, rest, _ = strings.Cut(rest, "\n") // the language
		block, rest, ok := strings.Cut(rest, "```")
		if !ok {
			t.Fatalf("section %q: a code block is not closed", heading)
		}
		blocks = append(blocks, block)
		section = rest
	}
	if len(blocks) < 2 {
		t.Fatalf("section %q has %d code blocks, want a command and its output", heading, len(blocks))
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
