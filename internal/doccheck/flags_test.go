package doccheck

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// documents are the texts whose flags TestFlagsNamed checks: what a user
// of the command reads. BENCHMARKS.md is left out: it records the runs of
// internal/bench, whose flags are its own.
var documents = []string{
	"README.md", "DEVELOPMENT.md", "RELEASING.md", "CHANGELOG.md", "SECURITY.md",
	"docs/adopting.md", "docs/ci.md", "docs/editors.md", "docs/fixes.md", "docs/frameworks.md",
	"docs/golangci-lint.md", "docs/runtime.md",
}

// goDocuments are the Go files whose package doc TestFlagsNamed checks.
var goDocuments = []string{"analyzer/doc.go", "cmd/ctxnotify-lint/doc.go", "plugin/plugin.go"}

// otherTools are the flags the documents name that belong to another
// command, and the command they belong to. A flag of the same name as the
// command's (-json, -fix, -c, -tags, -v) is the command's. golangci-lint's
// are spelled with two dashes, so here with one.
var otherTools = map[string]string{
	"C": "go", "o": "go", "x": "go", "buildvcs": "go build",
	"run": "go test", "timeout": "go test", "short": "go test", "race": "go test",
	"count": "go test", "bench": "go test", "benchtime": "go test",
	"fuzz": "go test", "fuzzminimizetime": "go test", "parallel": "go test",
	"vettool": "go vet", "fixtool": "go fix",
	"-fix": "golangci-lint run", "-new-from-rev": "golangci-lint run",
	"-output.text.path": "golangci-lint run", "-output.sarif.path": "golangci-lint run",
	"-issues-exit-code": "golangci-lint run", "-output.text.print-issued-lines": "golangci-lint run",
	"-show-stats": "golangci-lint run", "-path-mode": "golangci-lint run",
	"l": "gofmt",
	"a": "git tag", "m": "git tag, go list",
	"listen": "go-cacher-server", "cache-dir": "go-cacher-server", "cache-server": "go-cacher",
	"d": "mktemp", "e": "set", "f": "test", "i": "env", "q": "grep", "rf": "rm",
}

// flagToken matches a flag named in prose or on a command line: a dash or
// two after a space, an opening bracket or quote, or the start of a line,
// then a letter. The name ends at "=" or at what cannot be in a flag.
var flagToken = regexp.MustCompile("(?m)(?:^|[\\s(\\[`\"'])(--?[A-Za-z][A-Za-z0-9.-]*)")

// TestFlagsNamed checks that every flag the documents name is a flag of
// the command (its -help) or of another tool listed in otherTools; so
// that no doc names a flag the command does not have, such as -sinks
// where the command's is -ctxnotify.sinks.
func TestFlagsNamed(t *testing.T) {
	t.Parallel()
	r := testkit.Run(t, t.TempDir(), testkit.Command(t), "-help")
	command := make(map[string]bool)
	for _, m := range regexp.MustCompile(`(?m)^  -(\S+)`).FindAllStringSubmatch(r.Stderr, -1) {
		command[m[1]] = true
	}
	command["help"], command["h"] = true, true // the flag package's own
	if r.Code != 0 || !command["ctxnotify.sinks"] || !command["deps"] {
		t.Fatalf("-help: exit code %d, flags %v\n%s", r.Code, command, r.Output)
	}
	texts := make(map[string]string)
	for _, name := range documents {
		texts[name] = withoutBlocks(read(t, name), "diff", "go")
	}
	for _, name := range goDocuments {
		texts[name] = docComment(t, name)
	}
	names := 0
	for name, text := range texts {
		for _, m := range flagToken.FindAllStringSubmatch(text, -1) {
			flag := strings.TrimRight(strings.TrimPrefix(m[1], "-"), ".-")
			if flag == "ctxnotify.NAME" { // the form of every setting's flag
				continue
			}
			names++
			if !command[flag] && otherTools[flag] == "" {
				t.Errorf("%s names the flag -%s, which the command does not have (nor does another tool this test knows)", name, flag)
			}
		}
	}
	if names < 50 {
		t.Errorf("the documents name %d flags; the extraction is broken", names)
	}
}

// withoutBlocks returns text without its fenced code blocks of the
// languages langs (a diff's lines start with "-", Go code has none of
// the command's flags).
func withoutBlocks(text string, langs ...string) string {
	var b strings.Builder
	skip, fenced := false, false
	for line := range strings.Lines(text) {
		if strings.HasPrefix(line, "```") {
			if !fenced {
				skip = slices.Contains(langs, strings.TrimSpace(strings.TrimPrefix(line, "```")))
			}
			fenced = !fenced
			continue
		}
		if !skip || !fenced {
			b.WriteString(line)
		}
	}
	return b.String()
}
