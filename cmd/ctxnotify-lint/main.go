// Command ctxnotify-lint runs the ctxnotify analyzer.
package main

import (
	"github.com/ctxnotify/ctxnotify-lint/analyzer"
	"golang.org/x/tools/go/analysis/multichecker"
)

func main() { multichecker.Main(analyzer.Analyzer) }
