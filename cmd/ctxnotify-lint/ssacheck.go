//go:build ssacheck

package main

import (
	"flag"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/analysis/passes/inspect"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
)

// lintAnalyzer, in a binary built with -tags ssacheck, is the floor plus
// buildssa: it measures what building the SSA form of every package would
// add, which the guard dataflow avoids by evaluating syntax over go/cfg
// (see internal/guardflow).
var lintAnalyzer = &analysis.Analyzer{
	Name:     "ctxnotify",
	Doc:      "buildssa analyzer: requires what ctxnotify requires plus buildssa, and reports nothing",
	Requires: []*analysis.Analyzer{inspect.Analyzer, buildssa.Analyzer},
	Run:      func(*analysis.Pass) (any, error) { return nil, nil },
}

func init() {
	analyzer.Analyzer.Flags.VisitAll(func(f *flag.Flag) {
		lintAnalyzer.Flags.Var(f.Value, f.Name, f.Usage)
	})
}
