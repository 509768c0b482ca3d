package driver

import (
	"io"
	"log"
	"os"
	"path/filepath"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
)

// An Analysis is what [Analyze] found.
type Analysis struct {
	Graph  *checker.Graph // the analysis; each finding of the roots once
	Errors int            // the package errors printed, of the whole import graph
	Broken []string       // the paths of the roots with errors of their own, sorted (see errors.go)
}

// Analyze runs a on the packages matching patterns as the command does,
// and returns what it found; the command prints it or applies its fixes.
// It loads the packages ([Load]: the dependencies whose emitters they may
// call from source, the others from export data; every one from source
// with opts.Deps), prints the errors of the whole import graph on stderr
// ([PrintErrors]), checks the configured names against the packages
// loaded, cuts the graph down to the packages analysed
// ([PruneToAnalysed]), runs a on them despite their errors
// ([DespiteErrors], [checker.Analyze]), and keeps each finding of the
// roots once ([dedupe]). With opts.Enabled false it runs no analyzer.
//
// Patterns that leave nothing to analyse make a [*GoError] and no
// Analysis. An error after the load (a configured name that names no
// package loaded, a failure of checker.Analyze) comes with the Analysis
// so far: the errors it printed and the roots that have some.
func Analyze(a *analysis.Analyzer, opts Options, patterns []string, stderr io.Writer) (*Analysis, error) {
	_, verbosef := newLogger(stderr, opts)
	verbosef("load %s", patterns)
	lcfg := LoadConfig{Dir: opts.Dir, Tests: opts.Tests, Deps: opts.Deps, Tags: opts.Tags, Logf: verbosef}
	if opts.Enabled && len(a.FactTypes) > 0 {
		// Only an analyzer with facts learns anything from dependencies.
		lcfg.Emitters = emittersOf(opts.Config)
	}
	initial, err := Load(lcfg, patterns...)
	if err != nil {
		return nil, err
	}
	// Errors are printed for the whole graph, before it is pruned.
	res := &Analysis{Errors: PrintErrors(stderr, initial), Broken: withErrors(initial)}
	if opts.Enabled { // a disabled analyzer uses no configured name
		if err := checkConfiguredPackages(a.Name, opts.Config, initial); err != nil {
			return res, err
		}
	}
	if !opts.Deps {
		PruneToAnalysed(initial)
	}

	var analyzers []*analysis.Analyzer
	if opts.Enabled {
		analyzers = append(analyzers, DespiteErrors(a))
	}
	copts := &checker.Options{SanityCheck: opts.debug('s'), Sequential: opts.debug('p')}
	if opts.debug('f') {
		copts.FactLog = stderr
	}
	verbosef("analyzing %d packages", len(initial))
	graph, err := checker.Analyze(analyzers, initial, copts)
	if err != nil {
		return res, err
	}
	dedupe(graph.Roots)
	orderEdits(graph.Roots)
	res.Graph = graph
	return res, nil
}

// newLogger returns the logger of a run that prints on stderr, as the
// multichecker's: each line starts with the command's name, and with the
// time under -debug=v. verbosef logs what -debug=v shows.
func newLogger(stderr io.Writer, opts Options) (logger *log.Logger, verbosef func(format string, args ...any)) {
	logger = log.New(stderr, filepath.Base(os.Args[0])+": ", 0)
	verbosef = func(string, ...any) {}
	if opts.debug('v') {
		logger.SetFlags(log.Lmicroseconds) // timing, as the multichecker's -debug=v
		verbosef = logger.Printf
	}
	return logger, verbosef
}
