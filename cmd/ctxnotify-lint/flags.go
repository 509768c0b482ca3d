package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
)

// options are the standalone driver's flags: the multichecker's, plus -deps.
type options struct {
	fix, diff, json bool
	context         int  // -c: lines of context around each finding, -1 for none
	tests           bool // -test: analyze test variants too
	deps            bool // -deps: analyze dependencies from source as well
	enabled         bool // -ctxnotify=false runs nothing, as in a multichecker
	cpuProfile      string
	memProfile      string
}

const depsUsage = "also analyze dependencies from source, so that emitter helpers and guards in other modules are found (much slower: every dependency is type-checked)"

// parseStandalone parses args as a standalone command line. handshake
// reports the -flags and -V queries of go vet and go fix, which the
// multichecker answers. Bad flags exit with status 2, as flag.ExitOnError does.
func parseStandalone(args []string) (opts options, patterns []string, handshake bool) {
	fs := flag.NewFlagSet(os.Args[0], flag.ContinueOnError)
	fs.SetOutput(os.Stderr)
	opts.enabled = true
	fs.BoolVar(&opts.enabled, lintAnalyzer.Name, true, fmt.Sprintf("enable %q analysis", lintAnalyzer.Name))
	lintAnalyzer.Flags.VisitAll(func(f *flag.Flag) {
		fs.Var(f.Value, lintAnalyzer.Name+"."+f.Name, f.Usage)
	})
	fs.BoolVar(&opts.fix, "fix", false, "apply all suggested fixes")
	fs.BoolVar(&opts.diff, "diff", false, "with -fix, don't update the files, but print a unified diff")
	fs.BoolVar(&opts.json, "json", false, "emit JSON output")
	fs.IntVar(&opts.context, "c", -1, "display offending line with this many lines of context")
	fs.BoolVar(&opts.tests, "test", true, "indicates whether test files should be analyzed, too")
	fs.BoolVar(&opts.deps, "deps", false, depsUsage)
	fs.StringVar(&opts.cpuProfile, "cpuprofile", "", "write CPU profile to this file")
	fs.StringVar(&opts.memProfile, "memprofile", "", "write memory profile to this file")
	// Accepted for compatibility with the multichecker; no effect here.
	fs.String("debug", "", "debug flags (no effect in standalone mode)")
	fs.String("trace", "", "no effect in standalone mode")
	for _, name := range []string{"source", "v", "all"} {
		fs.Bool(name, false, "no effect (deprecated)")
	}
	fs.String("tags", "", "no effect (deprecated)")
	// The go vet / go fix handshakes.
	var queried handshakeFlag
	fs.Var(&queried, "flags", "print analyzer flags in JSON")
	fs.Var(&queried, "V", "print version and exit")

	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		os.Exit(2)
	}
	return opts, fs.Args(), bool(queried)
}

// handshakeFlag records that -flags or -V was given; the multichecker,
// which re-reads the command line, answers it.
type handshakeFlag bool

func (h *handshakeFlag) Set(string) error { *h = true; return nil }
func (h *handshakeFlag) String() string   { return "" }
func (h *handshakeFlag) IsBoolFlag() bool { return true }

// registerHelpOnlyFlags adds the standalone-only flags to the command line
// that the multichecker's help lists, so "help" documents them. They are
// not registered for go vet, which must not forward them.
func registerHelpOnlyFlags() {
	flag.Bool("deps", false, depsUsage)
}
