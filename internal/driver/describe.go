package driver

import (
	"fmt"
	"go/token"
	"io"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
)

// describe writes, for the findings whose fixes were applied, the
// paragraph a reviewer of the change needs: which events are now skipped
// when the reconcile context is cancelled, by what they are (Warning
// events that were false alarms, Normal ones about reconciliations
// shutdown cut short), the calls that no longer hand a cancelled context
// to a check, and where a success event is skipped although its function
// saves the status under a context shutdown does not cancel (the author
// should say so).
func describe(w io.Writer, fset *token.FileSet, applied []analysis.Diagnostic) error {
	if len(applied) == 0 {
		_, err := fmt.Fprintln(w, "ctxnotify-lint: no fix applied.")
		return err
	}
	byCategory := make(map[string][]string) // category -> reasons (or call texts)
	files := make(map[string]bool)
	var saved []string
	for _, d := range applied {
		posn := fset.Position(d.Pos)
		files[posn.Filename] = true
		what := eventName(d.Message)
		byCategory[d.Category] = append(byCategory[d.Category], what)
		if d.Category == analyzer.CategoryNormalSaved {
			saved = append(saved, fmt.Sprintf("%s (%s:%d)", what, filepath.Base(posn.Filename), posn.Line))
		}
	}
	events := len(applied) - len(byCategory[analyzer.CategoryHandoff])
	var b strings.Builder
	fmt.Fprintf(&b, "This change skips %s when the reconcile context has been cancelled, as it is when the controller shuts down, in %s.",
		plural(events, "event", "events"), plural(len(files), "file", "files"))
	list := func(category, text string) {
		if names := byCategory[category]; len(names) > 0 {
			fmt.Fprintf(&b, " %s: %s.", text, joinCounted(names))
		}
	}
	list(analyzer.CategoryWarning, "Warnings that were false alarms at every rollout")
	list(analyzer.CategoryNormal, "Events about reconciliations that shutdown cut short")
	list(analyzer.CategoryNormalSaved, "Events about reconciliations that shutdown cut short, whose status is saved all the same")
	list(analyzer.CategoryNotification, "Events of a type decided at run time")
	if n := len(byCategory[analyzer.CategoryHandoff]); n > 0 {
		verb := "hand"
		if n == 1 {
			verb = "hands"
		}
		fmt.Fprintf(&b, " %s no longer %s a context the code has cancelled to a check, which dropped every event: the derived context has a name of its own.", plural(n, "call", "calls"), verb)
	}
	if len(saved) > 0 {
		fmt.Fprintf(&b, " Note: %s saved under a context that shutdown does not cancel, so at shutdown the status records the success, and only its event is skipped: %s.",
			map[bool]string{true: "the status of this function is", false: "the status of these functions is"}[len(saved) == 1], strings.Join(saved, ", "))
	}
	b.WriteString(" Timeouts (context.DeadlineExceeded) still notify.\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// eventReason reads the event's reason from a finding's message: event
// "Ready" emitted by ...
var eventReason = regexp.MustCompile(`^event "([^"]+)"`)

// eventName names what a finding's fix skips: its event's reason, else
// the function the call calls, as the message writes it ("r.failure").
func eventName(message string) string {
	if m := eventReason.FindStringSubmatch(message); m != nil {
		return m[1]
	}
	call, _, _ := strings.Cut(strings.TrimPrefix(message, "event emitted by "), "(")
	return call
}

// joinCounted lists names in the order they first appear, with a count
// for repeats: "ReconciliationFailed ×2, Ready".
func joinCounted(names []string) string {
	var order []string
	count := make(map[string]int)
	for _, n := range names {
		if count[n] == 0 {
			order = append(order, n)
		}
		count[n]++
	}
	for i, n := range order {
		if count[n] > 1 {
			order[i] += fmt.Sprintf(" ×%d", count[n])
		}
	}
	return strings.Join(slices.Clip(order), ", ")
}
