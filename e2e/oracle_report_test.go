package e2e

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/ctxnotify/ctxnotify-lint/e2e/internal/rungen"
)

// programReport says how a program fails the oracle and how to reproduce
// it; whole, it also prints the program before and after -fix, its
// findings, and for each kind of problem the logs of the first run that
// shows it.
func programReport(p *rungen.Program, origin string, v *verdict, found, again []programFinding, original, fixed []byte, whole bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "program %s (%s) fails the run-time oracle:\n", p.Name, origin)
	for _, k := range v.kinds {
		fmt.Fprintf(&b, "  %s:\n", k)
		for _, problem := range v.problems[k] {
			fmt.Fprintf(&b, "    %s\n", indent(strings.TrimRight(problem, "\n"), "      "))
		}
	}
	fmt.Fprintf(&b, "reproduce: CTXNOTIFY_ORACLE_PROGRAM=%s go test -C e2e -run '^TestRunTimeOracle$' .\n", repro(origin, p.Input))
	if !whole {
		return b.String()
	}
	listFindings(&b, "findings", found)
	if !bytes.Equal(original, fixed) {
		listFindings(&b, "findings of a second run, over the fixed program", again)
	}
	for _, k := range v.kinds {
		if r := v.runs[k]; r != nil {
			fmt.Fprintf(&b, "logs of the run that shows %q (%s):\n\tbefore -fix: %s\n\tafter -fix:  %s\n",
				k, scenario(r.before), logLine(r.before), logLine(r.after))
		}
	}
	fmt.Fprintf(&b, "original program:\n%s", rungen.Numbered(original))
	if bytes.Equal(original, fixed) {
		b.WriteString("fixed program: unchanged\n")
	} else {
		fmt.Fprintf(&b, "fixed program:\n%s", rungen.Numbered(fixed))
	}
	return b.String()
}

// repro returns what CTXNOTIFY_ORACLE_PROGRAM takes to run a program
// again: seed/index for a program of TestRunTimeOracle's batches (whose
// origin says "seed S, program I"), else its input in hex.
func repro(origin string, input []byte) string {
	var seed uint64
	var index int
	if n, err := fmt.Sscanf(origin, "seed %d, program %d", &seed, &index); err == nil && n == 2 {
		return fmt.Sprintf("%d/%d", seed, index)
	}
	return hex.EncodeToString(input)
}

func listFindings(b *strings.Builder, title string, found []programFinding) {
	fmt.Fprintf(b, "%s:\n", title)
	if len(found) == 0 {
		b.WriteString("\t(none)\n")
	}
	for _, f := range found {
		fmt.Fprintf(b, "\t%v\n", f)
	}
}

func scenario(r runnerRun) string {
	if r.Scenario == "uninterrupted" {
		return r.Scenario
	}
	return fmt.Sprintf("%s at API call %d", r.Scenario, r.At)
}

// logLine prints a run's log on one line: the events, the end of the
// manager's context, the API calls and the result.
func logLine(r runnerRun) string {
	var parts []string
	for _, e := range r.Log {
		if e.Kind == "event" {
			parts = append(parts, e.Type+" "+e.Reason)
		} else {
			parts = append(parts, "| "+e.Kind+" |")
		}
	}
	result := "nil"
	if r.Err != "" {
		result = fmt.Sprintf("%q", r.Err)
	}
	return fmt.Sprintf("%s (%d API calls, Reconcile returned %s)", strings.Join(parts, ", "), r.Calls, result)
}

func indent(s, prefix string) string {
	return strings.ReplaceAll(s, "\n", "\n"+prefix)
}
