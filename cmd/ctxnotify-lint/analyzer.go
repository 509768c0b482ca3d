//go:build !nullcheck && !ssacheck

package main

import "github.com/ctxnotify/ctxnotify-lint/analyzer"

// lintAnalyzer is the analyzer this binary runs.
var lintAnalyzer = analyzer.Analyzer
