package e2e

import (
	"fmt"
	"regexp"
	"slices"
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
// than when every check was a wrap.
func TestFixSize(t *testing.T) {
	if testing.Short() {
		t.Skip("downloads modules and analyses their packages")
	}
	t.Parallel()
	dir := testkit.CopyModule(t, e2eModule(t))
	r := testkit.Run(t, dir, testkit.Command(t), "-fix", "-diff", "./...")
	if r.Code != 0 {
		t.Fatalf("-fix -diff: exit code %d\n%s", r.Code, r.Output)
	}
	size := measureFixDiff(r.Stdout)
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

// checks counts the events the diff guards: a check each, or a call of a
// guarded method (whose own check is one of the guard clauses).
func (s fixSize) checks() int { return s.guards + s.wraps + s.folds + s.joins + s.routed }

func (s fixSize) linesPerCheck() float64 { return float64(s.changed) / float64(max(s.checks(), 1)) }

func (s fixSize) String() string {
	return fmt.Sprintf("%d files, %d hunks, %d changed lines, %d events guarded (%d guard clauses, %d wraps, %d folded conditions, %d joined early returns, %d calls of a guarded method), %.2f changed lines per event",
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
