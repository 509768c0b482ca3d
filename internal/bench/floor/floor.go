// Command floor is the benchmark floor of ctxnotify-lint: the command's
// driver running a null analyzer that requires the passes ctxnotify
// requires, declares no facts and reports nothing, so that what the
// command costs beyond it is the analysis. It takes ctxnotify's flags, so
// that both commands take the same command lines.
//
// Built with -tags ssacheck, the null analyzer requires buildssa too: it
// measures what building the SSA form of every package would add, which
// the guard dataflow avoids by evaluating syntax over go/cfg (see
// internal/guardflow).
//
//	go build -o floor ./internal/bench/floor
//	go build -tags ssacheck -o floor-ssa ./internal/bench/floor
package main

import (
	"flag"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
	"github.com/ctxnotify/ctxnotify-lint/internal/driver"
)

// null is named as ctxnotify is, so that its flags are spelled as
// ctxnotify's (-ctxnotify.sinks).
var null = &analysis.Analyzer{
	Name:     analyzer.Analyzer.Name,
	Doc:      "null analyzer: requires what ctxnotify requires and reports nothing",
	Requires: slices.Clone(analyzer.Analyzer.Requires),
	Run:      func(*analysis.Pass) (any, error) { return nil, nil },
}

func init() {
	analyzer.Analyzer.Flags.VisitAll(func(f *flag.Flag) {
		null.Flags.Var(f.Value, f.Name, f.Usage)
	})
}

func main() { driver.Main(null) }
