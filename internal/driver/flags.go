package driver

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Options are the standalone driver's settings: the multichecker's
// flags, plus -deps.
type Options struct {
	Enabled    bool // -NAME: false (-NAME=false) runs no analyzer, as in a multichecker
	Fix        bool // -fix: apply the suggested fixes
	Diff       bool // -diff: with Fix, print a diff instead of writing files
	JSON       bool // -json: print the findings as JSON
	Context    int  // -c: lines of context around each finding, -1 for none
	Tests      bool // -test: analyze test variants too
	Deps       bool // -deps: analyze dependencies from source as well
	CPUProfile string
	MemProfile string

	Dir string // the directory the patterns are relative to; "" is the current one
}

// A CommandLine is a parsed command line.
type CommandLine struct {
	Options
	Patterns []string

	// Multichecker reports a command line that the x/tools multichecker
	// answers: a go vet or go fix handshake (-flags, -V), a per-package
	// .cfg run of go vet or go fix, help, or none (usage).
	Multichecker bool
	// Help is the "help" command, which the multichecker answers.
	Help bool
}

const depsUsage = "also analyze dependencies from source, so that emitter helpers and guards in other modules are found (much slower: every dependency is type-checked)"

// ParseArgs parses the command-line arguments of a command that runs
// analyzer a. A flag the command does not know, or a bad value, makes
// flag's message on stderr and an error: the command exits 2. -h makes
// the usage and flag.ErrHelp: the command exits 0.
func ParseArgs(a *analysis.Analyzer, args []string, stderr io.Writer) (CommandLine, error) {
	var cl CommandLine
	fs := flag.NewFlagSet(os.Args[0], flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.BoolVar(&cl.Enabled, a.Name, true, fmt.Sprintf("enable %q analysis", a.Name))
	a.Flags.VisitAll(func(f *flag.Flag) {
		fs.Var(f.Value, a.Name+"."+f.Name, f.Usage)
	})
	fs.BoolVar(&cl.Fix, "fix", false, "apply all suggested fixes")
	fs.BoolVar(&cl.Diff, "diff", false, "with -fix, don't update the files, but print a unified diff")
	fs.BoolVar(&cl.JSON, "json", false, "emit JSON output")
	fs.IntVar(&cl.Context, "c", -1, "display offending line with this many lines of context")
	fs.BoolVar(&cl.Tests, "test", true, "indicates whether test files should be analyzed, too")
	fs.BoolVar(&cl.Deps, "deps", false, depsUsage)
	fs.StringVar(&cl.CPUProfile, "cpuprofile", "", "write CPU profile to this file")
	fs.StringVar(&cl.MemProfile, "memprofile", "", "write memory profile to this file")
	// Accepted for compatibility with the multichecker; no effect here.
	fs.String("debug", "", "debug flags (no effect in standalone mode)")
	fs.String("trace", "", "no effect in standalone mode")
	for _, name := range []string{"source", "v", "all"} {
		fs.Bool(name, false, "no effect (deprecated)")
	}
	fs.String("tags", "", "no effect (deprecated)")
	// The go vet / go fix handshakes, which the multichecker answers.
	var queried handshakeFlag
	fs.Var(&queried, "flags", "print analyzer flags in JSON")
	fs.Var(&queried, "V", "print version and exit")

	if err := fs.Parse(args); err != nil {
		return cl, err
	}
	cl.Patterns = fs.Args()
	cl.Help = len(cl.Patterns) > 0 && cl.Patterns[0] == "help"
	cl.Multichecker = bool(queried) || len(cl.Patterns) == 0 || cl.Help ||
		len(cl.Patterns) == 1 && strings.HasSuffix(cl.Patterns[0], ".cfg")
	return cl, nil
}

// handshakeFlag records that -flags or -V was given; the multichecker,
// which re-reads the command line, answers it.
type handshakeFlag bool

func (h *handshakeFlag) Set(string) error { *h = true; return nil }
func (h *handshakeFlag) String() string   { return "" }
func (h *handshakeFlag) IsBoolFlag() bool { return true }

// RegisterHelpFlags adds the standalone-only flags to the command line
// that the multichecker's help lists, so that "help" documents them. They
// are not registered for go vet, which must not forward them.
func RegisterHelpFlags() {
	flag.Bool("deps", false, depsUsage)
}
