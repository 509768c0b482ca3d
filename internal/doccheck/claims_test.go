package doccheck

import (
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/mod/modfile"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// TestBuildTags checks that every build tag the documents name after
// -tags is one a file of the repository is built with: the benchmark's
// floor once was the command built with -tags nullcheck, and
// DEVELOPMENT.md kept saying so after it became a command of its own.
func TestBuildTags(t *testing.T) {
	t.Parallel()
	root := testkit.Root(t)
	constraints := make(map[string]bool)
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return err
		}
		for _, m := range regexp.MustCompile(`(?m)^//go:build (.*)$`).FindAllStringSubmatch(readFile(t, p), -1) {
			for _, tag := range regexp.MustCompile(`\w+`).FindAllString(m[1], -1) {
				constraints[tag] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range documents {
		for _, m := range regexp.MustCompile("-tags[ =]`?([\\w,]+)").FindAllStringSubmatch(read(t, name), -1) {
			for _, tag := range strings.Split(m[1], ",") {
				if !constraints[tag] {
					t.Errorf("%s names the build tag %q, which no file of the repository is built with", name, tag)
				}
			}
		}
	}
}

// TestRootRequirements checks DEVELOPMENT.md's list of what the root
// module's tests need against the root go.mod: every module it requires,
// and no other.
func TestRootRequirements(t *testing.T) {
	t.Parallel()
	f, err := modfile.Parse("go.mod", []byte(read(t, "go.mod")), nil)
	if err != nil {
		t.Fatal(err)
	}
	var required []string
	for _, r := range f.Require {
		required = append(required, r.Mod.Path)
	}
	_, sentence, ok := strings.Cut(section(t, read(t, "DEVELOPMENT.md"), "## Tests"), "They need nothing but")
	sentence, _, _ = strings.Cut(sentence, ".\n")
	var named []string
	for _, m := range regexp.MustCompile("`([\\w.-]+\\.[a-z]+/[\\w./-]+)`").FindAllStringSubmatch(sentence, -1) {
		named = append(named, m[1])
	}
	slices.Sort(required)
	slices.Sort(named)
	if !ok || !slices.Equal(named, required) {
		t.Errorf("DEVELOPMENT.md says the root module's tests need %v; its go.mod requires %v", named, required)
	}
}

// TestNoOfflineBuild checks that no document calls a build offline: every
// build of this repository's modules needs the Go module proxy or a warm
// module cache (the golangci-lint build's heading said "offline", and the
// changelog repeated it).
func TestNoOfflineBuild(t *testing.T) {
	t.Parallel()
	for _, name := range append(slices.Clone(documents), "BENCHMARKS.md") {
		if i := strings.Index(strings.ToLower(read(t, name)), "offline"); i >= 0 {
			t.Errorf("%s says %q: no build here is offline, each needs the Go module proxy or a warm module cache", name, read(t, name)[max(0, i-60):i+7])
		}
	}
}

// testCommand is a go test command line of a nested module, with its
// timeout.
var testCommand = regexp.MustCompile(`go test -C (\S+) -timeout (\S+) \./\.\.\.`)

// TestTestCommandsAsCI checks that the go test command lines of the
// nested modules that the documents give are those .ci/run runs, with the
// same timeout.
func TestTestCommandsAsCI(t *testing.T) {
	t.Parallel()
	ci := make(map[string]string)
	for _, m := range testCommand.FindAllStringSubmatch(read(t, ".ci/run"), -1) {
		ci[m[1]] = m[2]
	}
	if len(ci) < 2 {
		t.Fatalf(".ci/run runs %d test commands of nested modules; the extraction is broken", len(ci))
	}
	for _, name := range documents {
		for _, m := range testCommand.FindAllStringSubmatch(read(t, name), -1) {
			if ci[m[1]] != m[2] {
				t.Errorf("%s gives %q; .ci/run runs the module %s with -timeout %s", name, m[0], m[1], ci[m[1]])
			}
		}
	}
}

// TestNoOutsideSpec checks that no document names the specification the
// rule was written from ("RULE v7"), which is not in the repository: the
// rule's one home is the analyzer's documentation.
func TestNoOutsideSpec(t *testing.T) {
	t.Parallel()
	for _, name := range append(slices.Clone(documents), "BENCHMARKS.md") {
		if m := regexp.MustCompile(`\bRULE\b[^\n]*`).FindString(read(t, name)); m != "" {
			t.Errorf("%s names %q, a text outside the repository: the rule is the analyzer's documentation", name, m)
		}
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	rel, err := filepath.Rel(testkit.Root(t), path)
	if err != nil {
		t.Fatal(err)
	}
	return read(t, filepath.ToSlash(rel))
}

// TestReleaseState checks what the docs say of releases against
// CHANGELOG.md, the one record of them. While it has none (only
// "Unreleased"), the README's Install section says so and how to install
// from a clone, and each doc of docs/ that pins v0.1.0 or installs @latest
// links there; once it has one (RELEASING.md's step 2), the note must go.
func TestReleaseState(t *testing.T) {
	t.Parallel()
	released := regexp.MustCompile(`(?m)^## v\d+\.\d+\.\d+`).MatchString(read(t, "CHANGELOG.md"))
	install := section(t, read(t, "README.md"), "## Install")
	const note = "No release is tagged yet"
	hasNote := strings.Contains(install, note) && strings.Contains(install, "git clone https://github.com/ctxnotify/ctxnotify-lint") &&
		strings.Contains(install, "go install ./cmd/ctxnotify-lint")
	switch {
	case !released && !hasNote:
		t.Errorf("CHANGELOG.md has no release, and the README's Install section does not say %q and how to install from a clone:\n%s", note, install)
	case released && strings.Contains(read(t, "README.md"), note):
		t.Errorf("CHANGELOG.md has a release, and the README still says %q", note)
	}
	if released {
		return
	}
	names, err := filepath.Glob(filepath.Join(testkit.Root(t), "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		text := read(t, "docs/"+filepath.Base(name))
		if regexp.MustCompile(`v0\.1\.0|@latest`).MatchString(text) && !strings.Contains(text, "(../README.md#install)") {
			t.Errorf("docs/%s pins v0.1.0 or installs @latest, with no link to the README's Install, which says that no release is tagged yet", filepath.Base(name))
		}
	}
}

// readmeWords is what a five-minute read holds: 250 words a minute.
const readmeWords = 5 * 250

// TestReadmeReadingTime keeps the README, the landing page, a five-minute
// read: its prose (code blocks and link targets aside) has at most
// readmeWords words; the rest belongs in docs/, linked from it.
func TestReadmeReadingTime(t *testing.T) {
	t.Parallel()
	var prose strings.Builder
	fenced := false
	for line := range strings.Lines(read(t, "README.md")) {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
			continue
		}
		if !fenced {
			prose.WriteString(line)
		}
	}
	text := regexp.MustCompile(`\]\([^)]*\)`).ReplaceAllString(prose.String(), "]")
	if n := len(strings.Fields(text)); n > readmeWords || n < 500 {
		t.Errorf("the README's prose has %d words, a read of more than five minutes (at most %d): move what is not for the landing page to docs/", n, readmeWords)
	}
}
