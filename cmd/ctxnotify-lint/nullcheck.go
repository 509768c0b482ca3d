//go:build nullcheck

package main

import (
	"flag"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
)

// lintAnalyzer, in a binary built with -tags nullcheck, is the benchmark
// floor: it requires the same passes as ctxnotify, declares no facts and
// does nothing. It accepts ctxnotify's flags so that both binaries take the
// same command lines.
var lintAnalyzer = &analysis.Analyzer{
	Name:     "ctxnotify",
	Doc:      "null analyzer: requires what ctxnotify requires and reports nothing",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run:      func(*analysis.Pass) (any, error) { return nil, nil },
}

func init() {
	analyzer.Analyzer.Flags.VisitAll(func(f *flag.Flag) {
		lintAnalyzer.Flags.Var(f.Value, f.Name, f.Usage)
	})
}
