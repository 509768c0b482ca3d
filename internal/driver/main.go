package driver

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
)

// Main is the command's main function once -V=full is answered: it runs a
// on the command line and exits. a takes ctxnotify's flags, whose values
// [analyzer.FlagConfig] reads: it is ctxnotify's analyzer, or the
// benchmark floor (internal/bench/floor), which shares them so that both
// commands take the same command lines and run the same driver.
func Main(a *analysis.Analyzer) {
	cl, err := ParseArgs(a, os.Args[1:], os.Stderr)
	var refused *FlagError
	switch {
	case errors.Is(err, flag.ErrHelp):
		return
	case errors.As(err, &refused):
		os.Exit(refused.ExitCode()) // the line is printed
	case err != nil:
		os.Exit(2)
	case cl.Flags:
		// go vet's and go fix's handshake: answered here rather than by
		// the multichecker, so that each flag's usage is the one -help
		// prints.
		if err := PrintFlags(a, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "ctxnotify-lint:", err)
			os.Exit(1)
		}
		return
	case cl.Multichecker:
		// go vet and go fix handshakes (-V=full), their per-package
		// .cfg runs, usage and help: the multichecker's own behaviour.
		if cl.Help {
			RegisterHelpFlags()
		}
		if cl.Enabled && len(cl.Patterns) == 1 && strings.HasSuffix(cl.Patterns[0], ".cfg") {
			if err := CheckVetConfig(a.Name, analyzer.FlagConfig(), cl.Patterns[0]); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
		}
		multichecker.Main(a)
		return
	}
	cl.Config = analyzer.FlagConfig()
	os.Exit(Run(a, cl.Options, cl.Patterns, os.Stdout, os.Stderr))
}
