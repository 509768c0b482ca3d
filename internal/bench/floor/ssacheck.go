//go:build ssacheck

package main

import "golang.org/x/tools/go/analysis/passes/buildssa"

func init() {
	null.Doc = "null analyzer: requires what ctxnotify requires plus buildssa, and reports nothing"
	null.Requires = append(null.Requires, buildssa.Analyzer)
}
