package driver

import (
	"fmt"
	"go/token"
	"io"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
)

// The judgement calls of a fix, which -describe names after its paragraph
// (issue 42): what a reviewer asks about that the findings do not say.

// integrityWords are the words of an event's reason that make it a
// warning about integrity: skipped at shutdown like the others, which a
// reviewer should know.
var integrityWords = regexp.MustCompile(`(?i)integrity|verif|secur|signature|checksum|digest|tamper|provenance|trust`)

// reviews returns the analyzer's results of the root packages.
func reviews(roots []*checker.Action) []*analyzer.Review {
	var out []*analyzer.Review
	seen := make(map[string]bool) // a package and its test variant report alike
	for _, act := range roots {
		r, ok := act.Result.(*analyzer.Review)
		if !ok || r == nil {
			continue
		}
		key := fmt.Sprint(r.Unguarded, r.Own)
		if !seen[key] {
			seen[key] = true
			out = append(out, r)
		}
	}
	return out
}

// judgementCalls writes the judgement calls: the integrity warnings the
// fix now skips at shutdown, the events no context reaches (left
// unguarded), the contexts and cancel functions the code keeps of its own,
// and the tests a reviewer will ask for.
func judgementCalls(w io.Writer, fset *token.FileSet, applied []analysis.Diagnostic, rs []*analyzer.Review) error {
	var calls []string
	var integrity []string
	for _, d := range applied {
		if d.Category != analyzer.CategoryWarning && d.Category != analyzer.CategoryNotification {
			continue
		}
		if name := eventName(d.Message); integrityWords.MatchString(name) {
			posn := fset.Position(d.Pos)
			integrity = append(integrity, fmt.Sprintf("%s (%s:%d)", name, filepath.Base(posn.Filename), posn.Line))
		}
	}
	if len(integrity) > 0 {
		calls = append(calls, "Warnings about integrity or verification are skipped at shutdown too, like every event the change guards: "+strings.Join(integrity, ", ")+".")
	}
	var unguarded, own []string
	for _, r := range rs {
		for _, p := range r.Unguarded {
			unguarded = append(unguarded, fmt.Sprintf("%s in %s (%s:%d)", p.Name, p.Func, filepath.Base(p.File), p.Line))
		}
		for _, p := range r.Own {
			own = append(own, fmt.Sprintf("%s (%s:%d)", p.Name, filepath.Base(p.File), p.Line))
		}
	}
	sort.Strings(unguarded)
	sort.Strings(own)
	if len(unguarded) > 0 {
		calls = append(calls, "Left unguarded, because no context reaches them (their functions take none, and nothing that has one calls them): "+strings.Join(unguarded, ", ")+". They still notify at shutdown; passing the reconcile context down to them would let them check it.")
	}
	if len(own) > 0 {
		calls = append(calls, "The code keeps contexts or cancel functions of its own: "+strings.Join(own, ", ")+". Where the reconcile context derives from one of them, cancelling it skips the events as a shutdown does.")
	}
	tests := []string{
		"a reconciliation whose context is canceled (context.Canceled) sends none of the events this change guards;",
		"one whose context times out (context.DeadlineExceeded) still sends them all;",
		"one that nothing interrupts sends the events it sent before.",
	}
	if len(own) > 0 {
		tests[2] = "one that nothing interrupts sends the events it sent before;"
		tests = append(tests, "one interrupted through a context of the code's own (above) sends what you decide it should.")
	}
	var b strings.Builder
	if len(calls) > 0 {
		b.WriteString("\nJudgement calls:\n")
		for _, c := range calls {
			b.WriteString("- " + c + "\n")
		}
	}
	b.WriteString("\nTests a reviewer will ask for:\n")
	for _, t := range tests {
		b.WriteString("- " + t + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}
