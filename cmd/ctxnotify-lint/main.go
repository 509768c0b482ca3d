// Command ctxnotify-lint runs the ctxnotify analyzer.
//
// Under go vet (-vettool) and go fix (-fixtool), and for help, it behaves
// exactly like an x/tools multichecker. Run standalone on package patterns,
// it analyzes only the named packages from source and takes their
// dependencies from export data (see standalone.go); -deps analyzes the
// dependencies from source too.
package main

import (
	"os"
	"strings"

	"golang.org/x/tools/go/analysis/multichecker"
)

func main() {
	opts, patterns, handshake := parseStandalone(os.Args[1:])
	if handshake || len(patterns) == 0 || patterns[0] == "help" ||
		len(patterns) == 1 && strings.HasSuffix(patterns[0], ".cfg") {
		// go vet and go fix handshakes (-flags, -V=full), their per-package
		// .cfg runs, usage and help: the multichecker's own behaviour.
		if len(patterns) > 0 && patterns[0] == "help" {
			registerHelpOnlyFlags()
		}
		multichecker.Main(lintAnalyzer)
		return
	}
	os.Exit(runStandalone(opts, patterns))
}
