package driver

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"time"

	"golang.org/x/tools/go/analysis/checker"
)

// printFindings prints the root findings as text on stderr (files named
// relative to the working directory, see [printText]) or as JSON on
// stdout (absolute paths, as go vet -json prints them), and returns the
// multichecker's exit code for them.
func printFindings(graph *checker.Graph, opts Options, stdout, stderr io.Writer) int {
	if opts.JSON {
		if err := graph.PrintJSON(stdout); err != nil {
			return 1
		}
		return 0
	}
	if err := printText(stderr, graph, opts.Context, workingDir(opts)); err != nil {
		return 1
	}
	var failed, findings int
	for act := range graph.All() {
		if act.Err != nil {
			failed++
		} else if act.IsRoot {
			findings += len(act.Diagnostics)
		}
	}
	switch {
	case failed > 0:
		return 1
	case findings > 0:
		return 3
	}
	return 0
}

// printTimes prints the analysis actions that took 90% of the time, the
// longest first, as the multichecker's -debug=t does.
func printTimes(w io.Writer, graph *checker.Graph, sequential bool) {
	if !sequential {
		fmt.Fprintln(w, "Warning: times are mostly GC/scheduler noise; use -debug=tp to disable parallelism")
	}
	var actions []*checker.Action
	var total time.Duration
	for act := range graph.All() {
		actions = append(actions, act)
		total += act.Duration
	}
	slices.SortStableFunc(actions, func(a, b *checker.Action) int { return cmp.Compare(b.Duration, a.Duration) })
	var sum time.Duration
	for _, act := range actions {
		fmt.Fprintf(w, "%s\t%s\n", act.Duration, act)
		sum += act.Duration
		if sum >= total*9/10 {
			break
		}
	}
	if total > sum {
		fmt.Fprintf(w, "%s\tall others\n", total-sum)
	}
}
