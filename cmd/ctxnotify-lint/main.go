// Command ctxnotify-lint runs the ctxnotify analyzer.
//
// Under go vet (-vettool) and go fix (-fixtool), and for help, it behaves
// exactly like an x/tools multichecker. Run standalone on package
// patterns, it runs the driver of internal/driver: it analyzes the named
// packages from source, and the dependencies whose emitters they may
// call, and takes the other dependencies from export data; -deps
// analyzes every dependency from source. It analyzes packages that do not
// type-check too.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
	"github.com/ctxnotify/ctxnotify-lint/internal/driver"
)

func main() {
	cl, err := driver.ParseArgs(lintAnalyzer, os.Args[1:], os.Stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return
	case err != nil:
		os.Exit(2) // the message is printed
	case cl.Multichecker:
		// go vet and go fix handshakes (-flags, -V=full), their per-package
		// .cfg runs, usage and help: the multichecker's own behaviour.
		if cl.Help {
			driver.RegisterHelpFlags()
		}
		if cl.Enabled && len(cl.Patterns) == 1 && strings.HasSuffix(cl.Patterns[0], ".cfg") {
			if err := driver.CheckVetConfig(lintAnalyzer.Name, analyzer.FlagConfig(), cl.Patterns[0]); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
		}
		multichecker.Main(lintAnalyzer)
		return
	}
	cl.Config = analyzer.FlagConfig()
	os.Exit(driver.Run(lintAnalyzer, cl.Options, cl.Patterns, os.Stdout, os.Stderr))
}
