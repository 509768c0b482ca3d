package e2e

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// wrapOnlyLinesPerCheck is the changed lines per inserted check of the
// example module's -fix -diff at commit 31f193c, counted by
// measureFixDiff, when every check was a wrap: 121 changed lines for 21
// checks.
const wrapOnlyLinesPerCheck = 121.0 / 21

// TestFixSize reads the diff of -fix over the example module as a
// maintainer reviewing it would: hunks, changed lines, and the checks it
// inserts: guard clauses (those of the guarded methods it adds included),
// wraps and folded conditions. Every inserted check is one of the three
// forms, each form is there, and the diff changes fewer lines per check
// than when every check was a wrap. The numbers the README and
// docs/fixes.md state of the change are these, and those of the findings
// it fixes (checkFixNumbers).
func TestFixSize(t *testing.T) {
	if testing.Short() {
		t.Skip("downloads modules and analyses their packages")
	}
	t.Parallel()
	dir := testkit.CopyModule(t, e2eModule(t))
	bin := testkit.Command(t)
	r := testkit.Run(t, dir, bin, "-fix", "-diff", "-describe", "./...")
	if r.Code != 0 {
		t.Fatalf("-fix -diff -describe: exit code %d\n%s", r.Code, r.Output)
	}
	diff, description, ok := strings.Cut(r.Stdout, "\nThis change skips ")
	if !ok {
		t.Fatalf("-fix -diff -describe printed no description after the diff:\n%s", r.Stdout)
	}
	checkFixNumbers(t, dir, bin, diff+"\n", "This change skips "+description)
	size := measureFixDiff(diff + "\n")
	t.Logf("-fix -diff over the example module: %s", size)
	for _, bad := range size.malformed {
		t.Errorf("an inserted check of neither form: %s", bad)
	}
	if size.guards == 0 || size.wraps == 0 || size.folds == 0 {
		t.Errorf("%d guard clauses, %d wraps and %d folded conditions, want some of each", size.guards, size.wraps, size.folds)
	}
	if got := size.linesPerCheck(); got >= wrapOnlyLinesPerCheck {
		t.Errorf("%.2f changed lines per check, want fewer than the %.2f of the wrap alone", got, wrapOnlyLinesPerCheck)
	}
}

// fixSize is what a unified diff of fixes changes.
type fixSize struct {
	files, hunks, changed int
	guards, wraps, folds  int
	joins                 int      // early returns whose condition took the check
	routed                int      // calls made calls of a guarded method the fix adds
	malformed             []string // inserted checks of no form, or lines that look like one
}

// checks counts the checks the diff inserts (joined early returns
// included) and the calls it routes through a method that opens with one
// (whose own check is one of the guard clauses): the measure of
// linesPerCheck, not a count of events.
func (s fixSize) checks() int { return s.guards + s.wraps + s.folds + s.joins + s.routed }

func (s fixSize) linesPerCheck() float64 { return float64(s.changed) / float64(max(s.checks(), 1)) }

func (s fixSize) String() string {
	return fmt.Sprintf("%d files, %d hunks, %d changed lines, %d checks and routed calls (%d guard clauses, %d wraps, %d folded conditions, %d joined early returns, %d calls of a method that opens with a check), %.2f changed lines per check or call",
		s.files, s.hunks, s.changed, s.checks(), s.guards, s.wraps, s.folds, s.joins, s.routed, s.linesPerCheck())
}

// checkLine is the opening of an inserted check, its indentation and its
// negation: "!" for a wrap, "" for a guard clause; foldLine an if whose
// condition took the check.
var (
	checkLine = regexp.MustCompile(`^(\s*)if (!?)(?:\w+\.)?Is\(\w+\.Err\(\), (?:\w+\.)?Canceled\) \{$`)
	foldLine  = regexp.MustCompile(`^\s*(?:\} else )?if .+ && !(?:\w+\.)?Is\(\w+\.Err\(\), (?:\w+\.)?Canceled\) \{$`)
	joinLine  = regexp.MustCompile(`^\s*if .+ \|\| (?:\w+\.)?Is\(\w+\.Err\(\), (?:\w+\.)?Canceled\) \{$`)
)

// measureFixDiff counts what diff, the output of -fix -diff, changes. A
// guard clause is an added check whose next added lines return and close
// it; a wrap is an added negated check whose block the diff closes with an
// added brace at the same indentation.
func measureFixDiff(diff string) fixSize {
	var s fixSize
	lines := strings.Split(diff, "\n")
	methods := guardedMethods(lines)
	for i, line := range lines {
		switch {
		case strings.HasPrefix(line, "--- "):
			s.files++
			continue
		case strings.HasPrefix(line, "+++ "):
			continue
		case strings.HasPrefix(line, "@@ "):
			s.hunks++
			continue
		case strings.HasPrefix(line, "-"):
			s.changed++
			continue
		case !strings.HasPrefix(line, "+"):
			continue
		}
		s.changed++
		added := line[1:]
		if slices.ContainsFunc(methods, func(m string) bool { return strings.Contains(added, "."+m+"(") }) {
			s.routed++
			continue
		}
		if foldLine.MatchString(added) {
			s.folds++
			continue
		}
		if joinLine.MatchString(added) {
			s.joins++
			continue
		}
		m := checkLine.FindStringSubmatch(added)
		if m == nil {
			if strings.Contains(added, ".Err(), ") && strings.Contains(added, "Canceled)") {
				s.malformed = append(s.malformed, added)
			}
			continue
		}
		indent, negated := m[1], m[2] == "!"
		switch {
		case !negated && next(lines, i, 1) == "+"+indent+"\treturn" && next(lines, i, 2) == "+"+indent+"}":
			s.guards++
		case negated && closes(lines, i, indent):
			s.wraps++
		default:
			s.malformed = append(s.malformed, added)
		}
	}
	return s
}

// methodLine is the first line of an added method.
var methodLine = regexp.MustCompile(`^\+func \(\w+ \*?\w+\) (\w+)\(`)

// guardedMethods returns the names of the methods the diff adds whose
// body opens with a guard clause: the guarded methods.
func guardedMethods(lines []string) []string {
	var names []string
	for i, line := range lines {
		if m := methodLine.FindStringSubmatch(line); m != nil && checkLine.MatchString(strings.TrimPrefix(next(lines, i, 1), "+")) {
			names = append(names, m[1])
		}
	}
	return names
}

func next(lines []string, i, n int) string {
	if i+n < len(lines) {
		return lines[i+n]
	}
	return ""
}

// closes reports whether an added line closes, at indent, the block that
// line i opens, before the hunk ends.
func closes(lines []string, i int, indent string) bool {
	for _, line := range lines[i+1:] {
		switch {
		case line == "+"+indent+"}":
			return true
		case !strings.HasPrefix(line, "+"):
			return false
		}
	}
	return false
}

// fixNumbers are what the docs state of -fix over the example module.
type fixNumbers struct {
	findings  int // the findings, one per call site
	fixed     int // those with a fix, which -fix applies
	events    int // ... that skip an event: all but the handoffs
	handoffs  int // ... that stop handing a cancelled context on
	unfixed   int // the findings without a fix
	described int // the events -describe says the change skips
	size      fixSize
}

// describedEvents reads the count of -describe's paragraph.
var describedEvents = regexp.MustCompile(`^This change skips (\d+) events? `)

// checkFixNumbers computes the numbers of the findings (-json: how many,
// how many have a fix, how many of those are handoffs), of the change
// (the diff) and of -describe's paragraph, checks that they agree (the
// events -describe counts are the findings fixed but the handoffs), and
// that the README's section The fixes and docs/fixes.md's The size of the
// change state them.
func checkFixNumbers(t *testing.T, dir, bin, diff, description string) {
	t.Helper()
	var n fixNumbers
	for _, f := range jsonFindings(t, dir, bin) {
		n.findings++
		switch {
		case !f.fixable:
			n.unfixed++
		case f.category == "handoff":
			n.fixed++
			n.handoffs++
		default:
			n.fixed++
			n.events++
		}
	}
	m := describedEvents.FindStringSubmatch(description)
	if m == nil {
		t.Fatalf("-describe's paragraph does not open with the count of events:\n%s", description)
	}
	n.described, _ = strconv.Atoi(m[1])
	n.size = measureFixDiff(diff)
	t.Logf("-fix over the example module: %+v", n)
	if n.described != n.events || n.events == 0 || n.unfixed == 0 {
		t.Errorf("-describe counts %d events; the findings fixed are %d events and %d handoffs (and %d findings have no fix)", n.described, n.events, n.handoffs, n.unfixed)
	}
	plural := func(n int, one, many string) string {
		if n == 1 {
			return fmt.Sprintf("%d %s", n, one)
		}
		return fmt.Sprintf("%d %s", n, many)
	}
	hands := plural(n.handoffs, "call that hands", "calls that hand")
	for _, want := range []struct{ doc, text string }{
		{"README.md", fmt.Sprintf("`-fix` fixes %d of its %d findings, %s and %s on\na context the code cancelled (the other %d have no safe fix), changing %d lines.",
			n.fixed, n.findings, plural(n.events, "event", "events"), hands, n.unfixed, n.size.changed)},
		{"docs/fixes.md", fmt.Sprintf("Of the example module's %d findings, `-fix` fixes %d: %s, which is the number\nof events `-fix -describe` says the change skips at shutdown, and %s on",
			n.findings, n.fixed, plural(n.events, "event", "events"), hands)},
		{"docs/fixes.md", fmt.Sprintf("The other\n%d have no fix", n.unfixed)},
		{"docs/fixes.md", fmt.Sprintf("The change is %d changed lines in\n%s of %s, with %d checks: %s, %s, %s and %s.",
			n.size.changed, plural(n.size.hunks, "hunk", "hunks"), plural(n.size.files, "file", "files"), n.size.guards+n.size.wraps+n.size.folds+n.size.joins,
			plural(n.size.guards, "guard clause", "guard clauses"), plural(n.size.wraps, "wrap", "wraps"), plural(n.size.folds, "folded condition", "folded conditions"),
			plural(n.size.joins, "check joined to an early return", "checks joined to early returns"))},
	} {
		if !strings.Contains(doc(t, want.doc), want.text) {
			t.Errorf("%s does not say, as -fix over the example module now gives:\n%s", want.doc, want.text)
		}
	}
}
