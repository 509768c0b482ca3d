package driver

import (
	"io"

	"golang.org/x/tools/go/analysis/checker"
)

// printFindings prints the root findings as text on stderr or as JSON on
// stdout, and returns the multichecker's exit code for them.
func printFindings(graph *checker.Graph, opts Options, stdout, stderr io.Writer) int {
	if opts.JSON {
		if err := graph.PrintJSON(stdout); err != nil {
			return 1
		}
		return 0
	}
	if err := graph.PrintText(stderr, opts.Context); err != nil {
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
