package driver

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
)

// Options are the standalone driver's settings: the multichecker's
// flags, plus -deps.
type Options struct {
	Enabled    bool   // -NAME: false (-NAME=false) runs no analyzer, as in a multichecker
	Fix        bool   // -fix: apply the suggested fixes
	Diff       bool   // -diff: with Fix, print a diff instead of writing files
	Describe   bool   // -describe: with Fix, print what the change does, for its reviewers
	JSON       bool   // -json: print the findings as JSON
	Context    int    // -c: lines of context around each finding, -1 for none
	Tests      bool   // -test: analyze test variants too
	Deps       bool   // -deps: analyze every dependency from source
	Tags       string // -tags: build tags, as for go build
	Debug      string // -debug: the multichecker's debug flags, letters of debugFlags (-v adds v)
	CPUProfile string
	MemProfile string
	Trace      string // -trace: write a runtime trace to this file

	Dir string // the directory the patterns are relative to; "" is the current one

	// Config holds the analyzer's settings, as [analyzer.New] takes them:
	// the driver reads them to choose the dependencies that may declare
	// emitters and to check the configured names. The command sets it from
	// the -ctxnotify.NAME flags ([analyzer.FlagConfig]).
	Config analyzer.Config
}

// debugFlags are the letters of -debug, as in the multichecker: show
// [f]acts as they are exported, no [p]arallelism, [s]anity checks of
// facts, [t]iming of each analysis, [v]erbose logging.
const debugFlags = "fpstv"

func (o Options) debug(flag byte) bool { return strings.IndexByte(o.Debug, flag) >= 0 }

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
	// Flags is go vet's handshake -flags, which [PrintFlags] answers.
	Flags bool
}

const depsUsage = "analyze every dependency from source, not only those whose emitters the named packages may call, so that guards and functions that never return in other modules are found too (much slower: every dependency is type-checked)"

// ParseArgs parses the command-line arguments of a command that runs
// analyzer a. A flag the command does not know, or a bad value, makes one
// line on stderr that names the flag and what it takes, and a
// [*FlagError]: see [FlagError.ExitCode]. -h makes the usage and
// flag.ErrHelp: the command exits 0.
func ParseArgs(a *analysis.Analyzer, args []string, stderr io.Writer) (CommandLine, error) {
	var cl CommandLine
	cf := newCommandFlags(a, &cl)
	// The flag package prints its message and the usage after every
	// error; the one line is printed below, and only -h asks for the usage.
	cf.SetOutput(io.Discard)
	cf.Usage = func() {}
	if err := cf.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			cf.SetOutput(stderr)
			cf.printUsage()
			return cl, err
		}
		return cl, badFlag(cf, err, args, stderr)
	}
	cl.Patterns = cf.Args()
	cl.Help = len(cl.Patterns) > 0 && cl.Patterns[0] == "help"
	cl.Flags = bool(cf.flags) && !bool(cf.version)
	cl.Multichecker = bool(cf.flags) || bool(cf.version) || len(cl.Patterns) == 0 || cl.Help ||
		len(cl.Patterns) == 1 && strings.HasSuffix(cl.Patterns[0], ".cfg")
	if cl.Multichecker {
		return cl, nil // the multichecker parses the command line again
	}
	if cf.verbose && !cl.debug('v') {
		cl.Debug += "v"
	}
	var err error
	switch {
	case cf.source:
		err = errors.New("flag -source is not supported: it is a legacy go vet flag without effect (-deps analyzes the dependencies from source)")
	case cf.all:
		err = errors.New("flag -all is not supported: it is a legacy go vet flag without effect (the command runs its one analyzer)")
	case strings.Trim(cl.Debug, debugFlags) != "":
		err = fmt.Errorf(`invalid value %q for flag -debug: want letters of %q (f: log facts, p: no parallelism, s: sanity checks, t: timing, v: verbose)`, cl.Debug, debugFlags)
	}
	if err != nil {
		return cl, refuse(&FlagError{err: err}, stderr)
	}
	return cl, nil
}

// A FlagError is a command line the command refuses: a flag it does not
// know, or a bad value. Its one line is printed.
type FlagError struct {
	err error
	// VetRun: the command line is one of go vet's or go fix's runs on a
	// package (its last argument a .cfg file).
	VetRun bool
	// FactsOnly: that package is a dependency that go vet or go fix
	// analyses only for its facts ("VetxOnly"), none of the packages
	// named on their command line: nothing is printed for it.
	FactsOnly bool
}

func (e *FlagError) Error() string { return e.err.Error() }
func (e *FlagError) Unwrap() error { return e.err }

// ExitCode is the command's exit code for the refused command line: 2
// standalone, as the x/tools drivers exit on a bad flag; 1 under go vet
// and go fix, for a package they name, which makes them print the line
// under the package's name and fail; 0 for a dependency analysed only for
// its facts, so that a bad setting costs one line per package named
// rather than one per package of the import graph (the named packages'
// runs then stop at the same flag before they read any fact).
func (e *FlagError) ExitCode() int {
	switch {
	case e.FactsOnly:
		return 0
	case e.VetRun:
		return 1
	}
	return 2
}

// badFlag returns the FlagError of a command line that flag.Parse
// refused with err, and prints its line on stderr unless the run is
// go vet's or go fix's on a dependency analysed only for its facts. The
// line of a bad -ctxnotify.NAME value is the setting's error, which names
// the setting and what it takes ("-ctxnotify.scope: "x" is not a scope;
// use "all" or "reconcile""); any other is the flag package's.
func badFlag(cf *commandFlags, err error, args []string, stderr io.Writer) *FlagError {
	fe := &FlagError{err: err}
	if f := cf.failed; f != nil {
		fe.err = fmt.Errorf("-%s: %s", f.name, strings.TrimPrefix(f.err.Error(), strings.TrimPrefix(f.name, cf.analyzer+".")+": "))
	}
	if n := len(args); n > 0 && strings.HasSuffix(args[n-1], ".cfg") {
		fe.VetRun = true
		fe.FactsOnly = factsOnly(args[n-1])
	}
	return refuse(fe, stderr)
}

// refuse prints the line of a refused command line, as go vet prints its
// own (one line, the command's name first), unless the run is go vet's
// or go fix's on a dependency analysed only for its facts.
func refuse(fe *FlagError, stderr io.Writer) *FlagError {
	if !fe.FactsOnly {
		fmt.Fprintf(stderr, "%s: %v\n", commandName(), fe.err)
	}
	return fe
}

// factsOnly reports whether the go vet or go fix configuration file cfg
// describes a dependency analysed only for its facts. A file it cannot
// read is a package named on the command line: the line is printed.
func factsOnly(cfg string) bool {
	data, err := os.ReadFile(cfg)
	if err != nil {
		return false
	}
	var c struct{ VetxOnly bool }
	return json.Unmarshal(data, &c) == nil && c.VetxOnly
}

// commandName is the name the command was run under, for its messages.
func commandName() string { return filepath.Base(os.Args[0]) }

// commandFlags is the command's flag set: the flags that set cl's fields,
// and those that do not.
type commandFlags struct {
	*flag.FlagSet
	analyzer       string        // the analyzer's name, the prefix of its flags
	verbose        bool          // -v
	source, all    bool          // legacy go vet flags
	flags, version handshakeFlag // -flags, -V: go vet's and go fix's handshakes
	failed         *failedSetting
}

// failedSetting is the analyzer's flag whose value was refused, and why.
type failedSetting struct {
	name string // "ctxnotify.scope"
	err  error
}

// newCommandFlags returns the command's flag set, whose flags set cl.
func newCommandFlags(a *analysis.Analyzer, cl *CommandLine) *commandFlags {
	cf := &commandFlags{FlagSet: flag.NewFlagSet(os.Args[0], flag.ContinueOnError), analyzer: a.Name}
	fs := cf.FlagSet
	fs.BoolVar(&cl.Enabled, a.Name, true, fmt.Sprintf("enable %q analysis", a.Name))
	a.Flags.VisitAll(func(f *flag.Flag) {
		fs.Var(cf.setting(a.Name+"."+f.Name, f.Value), a.Name+"."+f.Name, f.Usage)
	})
	fs.BoolVar(&cl.Fix, "fix", false, "apply all suggested fixes")
	fs.BoolVar(&cl.Diff, "diff", false, "with -fix, don't update the files, but print a unified diff")
	fs.BoolVar(&cl.Describe, "describe", false, "with -fix, print a paragraph that tells the change's reviewers which events it skips at shutdown")
	fs.BoolVar(&cl.JSON, "json", false, "emit JSON output")
	fs.IntVar(&cl.Context, "c", -1, "display offending line with this many lines of context")
	fs.BoolVar(&cl.Tests, "test", true, "indicates whether test files should be analyzed, too")
	fs.BoolVar(&cl.Deps, "deps", false, depsUsage)
	fs.StringVar(&cl.CPUProfile, "cpuprofile", "", "write CPU profile to this file")
	fs.StringVar(&cl.MemProfile, "memprofile", "", "write memory profile to this file")
	fs.StringVar(&cl.Trace, "trace", "", "write trace log to this file")
	fs.StringVar(&cl.Debug, "debug", "", `debug flags, any subset of "fpstv"`)
	fs.StringVar(&cl.Tags, "tags", "", "a comma-separated list of build tags to load the packages with")
	fs.BoolVar(&cf.verbose, "v", false, "verbose: the same as -debug=v")
	// Legacy go vet flags that the multichecker accepts without effect:
	// accepted for go vet's runs (which the multichecker answers),
	// rejected standalone.
	fs.BoolVar(&cf.source, "source", false, "no effect (deprecated); an error in standalone mode")
	fs.BoolVar(&cf.all, "all", false, "no effect (deprecated); an error in standalone mode")
	fs.Var(&cf.flags, "flags", "print analyzer flags in JSON")
	fs.Var(&cf.version, "V", "print version and exit")
	return cf
}

// setting wraps the value of the analyzer's flag name, so that the error
// of a refused value is kept with the flag's name: the flag package's own
// message would say the setting's name twice.
func (cf *commandFlags) setting(name string, v flag.Value) flag.Value {
	s := settingValue{v, func(err error) { cf.failed = &failedSetting{name, err} }}
	if b, ok := v.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
		return boolSettingValue{s}
	}
	return s
}

// settingValue is an analyzer's flag value that reports a refused value.
type settingValue struct {
	flag.Value
	refused func(error)
}

// String is the value's; the flag package asks a zero settingValue too,
// to tell a default from the zero value: "", as the settings' own zero
// values say (a boolean's says false).
func (v settingValue) String() string {
	if v.Value == nil {
		return ""
	}
	return v.Value.String()
}

func (v settingValue) Set(s string) error {
	err := v.Value.Set(s)
	if err != nil {
		v.refused(err)
	}
	return err
}

// boolSettingValue is a settingValue of a boolean flag (-ctxnotify.strict
// as well as -ctxnotify.strict=true).
type boolSettingValue struct{ settingValue }

func (boolSettingValue) IsBoolFlag() bool { return true }

func (v boolSettingValue) String() string {
	if v.Value == nil {
		return "false"
	}
	return v.Value.String()
}

// printUsage prints the flags, as the flag package's default usage does.
func (cf *commandFlags) printUsage() {
	fmt.Fprintf(cf.Output(), "Usage of %s:\n", cf.Name())
	cf.PrintDefaults()
}

// notForwarded are the flags that -flags leaves out, as the x/tools
// drivers do: go vet must not pass them to the tool, which has no use
// for them in its per-package runs (debugging, profiles, -fix, which go
// vet and go fix give in their own way) or does not know them there
// (-deps, -describe).
var notForwarded = map[string]bool{"debug": true, "cpuprofile": true, "memprofile": true, "trace": true, "fix": true, "deps": true, "describe": true}

// PrintFlags answers -flags, go vet's and go fix's handshake: the flags
// the tool accepts, as JSON, in the form and order of the x/tools
// drivers, with the usage that -help prints.
func PrintFlags(a *analysis.Analyzer, w io.Writer) error {
	type jsonFlag struct {
		Name  string
		Bool  bool
		Usage string
	}
	var flags []jsonFlag
	newCommandFlags(a, new(CommandLine)).VisitAll(func(f *flag.Flag) {
		if notForwarded[f.Name] {
			return
		}
		b, ok := f.Value.(interface{ IsBoolFlag() bool })
		flags = append(flags, jsonFlag{f.Name, ok && b.IsBoolFlag(), f.Usage})
	})
	data, err := json.MarshalIndent(flags, "", "\t")
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

// handshakeFlag records that -flags or -V was given: PrintFlags answers
// -flags, the command or the multichecker -V.
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
