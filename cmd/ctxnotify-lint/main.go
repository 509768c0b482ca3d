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
	if len(os.Args) == 2 && (os.Args[1] == "-V=full" || os.Args[1] == "--V=full") {
		// go vet's and go fix's handshake: answered here rather than by
		// the multichecker, so that the line names the module version.
		if err := printVersion(os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "ctxnotify-lint:", err)
			os.Exit(1)
		}
		return
	}
	cl, err := driver.ParseArgs(lintAnalyzer, os.Args[1:], os.Stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return
	case err != nil:
		os.Exit(2) // the message is printed
	case cl.Flags:
		// go vet's and go fix's handshake: answered here rather than by
		// the multichecker, so that each flag's usage is the one -help
		// prints.
		if err := driver.PrintFlags(lintAnalyzer, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "ctxnotify-lint:", err)
			os.Exit(1)
		}
		return
	case cl.Multichecker:
		// go vet and go fix handshakes (-V), their per-package
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
