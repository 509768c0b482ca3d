package driver

import (
	"io"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
)

// Run loads the packages matching patterns, runs analyzer a on them (none
// when opts.Enabled is false) and prints the findings on stderr, or as
// JSON on stdout, or applies their fixes. It returns the exit code the
// x/tools multichecker would: 1 when loading or analysis failed, 3 when
// findings were printed as text, 0 otherwise (always with -json).
func Run(a *analysis.Analyzer, opts Options, patterns []string, stdout, stderr io.Writer) int {
	logger := log.New(stderr, filepath.Base(os.Args[0])+": ", 0)
	if opts.CPUProfile != "" {
		stop, err := startCPUProfile(opts.CPUProfile)
		if err != nil {
			logger.Print(err)
			return 1
		}
		defer stop()
	}
	if opts.MemProfile != "" {
		defer func() {
			if err := writeMemProfile(opts.MemProfile); err != nil {
				logger.Print(err)
			}
		}()
	}

	initial, err := Load(LoadConfig{Dir: opts.Dir, Tests: opts.Tests, Deps: opts.Deps}, patterns...)
	if err != nil {
		logger.Print(err)
		return 1
	}
	exit := 0
	// Errors are printed for the whole graph, before it is pruned.
	if PrintErrors(stderr, initial) > 0 {
		exit = 1
	}
	if !opts.Deps {
		PruneToRoots(initial)
	}

	var analyzers []*analysis.Analyzer
	if opts.Enabled {
		analyzers = append(analyzers, a)
	}
	graph, err := checker.Analyze(analyzers, initial, nil)
	if err != nil {
		logger.Print(err)
		return 1
	}
	dedupe(graph.Roots)
	if opts.Fix {
		// Fix what could be analysed, but say what could not: a silent
		// exit 0 would read as "nothing left to fix".
		for _, act := range graph.Roots {
			if act.Err != nil {
				logger.Printf("%s: %v", act.Package.PkgPath, act.Err)
				exit = 1
			}
		}
		if err := applyFixes(graph.Roots, opts.Diff, stdout, logger.Printf, func(string, ...any) {}); err != nil {
			logger.Print(err)
			return 1
		}
		return exit
	}
	return max(exit, printFindings(graph, opts, stdout, stderr))
}

func startCPUProfile(name string) (stop func(), err error) {
	f, err := os.Create(name)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

func writeMemProfile(name string) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	runtime.GC()
	err = pprof.WriteHeapProfile(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
