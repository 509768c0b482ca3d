package main

import (
	"fmt"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// runStandalone loads the packages matching patterns, analyzes them and
// prints the findings (or applies their fixes). It returns the exit code
// the x/tools multichecker would: 1 when loading or analysis failed, 3 when
// findings were printed as text, 0 otherwise (always with -json).
func runStandalone(opts options, patterns []string) int {
	log.SetFlags(0)
	log.SetPrefix(filepath.Base(os.Args[0]) + ": ")
	if opts.cpuProfile != "" {
		stop := startCPUProfile(opts.cpuProfile)
		defer stop()
	}
	if opts.memProfile != "" {
		defer writeMemProfile(opts.memProfile)
	}

	initial, err := load(patterns, opts)
	if err != nil {
		log.Print(err)
		return 1
	}
	exit := 0
	// Errors are printed for the whole graph, before it is pruned.
	if printErrors(initial) > 0 {
		exit = 1
	}
	if !opts.deps {
		pruneToRoots(initial)
	}

	var analyzers []*analysis.Analyzer
	if opts.enabled {
		analyzers = append(analyzers, lintAnalyzer)
	}
	graph, err := checker.Analyze(analyzers, initial, nil)
	if err != nil {
		log.Print(err)
		return 1
	}
	if opts.fix {
		// Fix what could be analysed, but say what could not: a silent
		// exit 0 would read as "nothing left to fix".
		for _, act := range graph.Roots {
			if act.Err != nil {
				log.Printf("%s: %v", act.Package.PkgPath, act.Err)
				exit = 1
			}
		}
		if err := applyFixes(graph.Roots, opts.diff, os.Stdout); err != nil {
			log.Print(err)
			return 1
		}
		return exit
	}
	return max(exit, printFindings(graph, opts))
}

// printErrors prints the packages' errors like packages.PrintErrors, but
// once: when go/types reports a package's type errors, the compiler's
// report of the same errors (a list error from go list -export) is left out.
func printErrors(pkgs []*packages.Package) int {
	n := 0
	packages.Visit(pkgs, nil, func(pkg *packages.Package) {
		typeErrors := false
		for _, err := range pkg.Errors {
			typeErrors = typeErrors || err.Kind == packages.TypeError
		}
		for _, err := range pkg.Errors {
			if typeErrors && err.Kind == packages.ListError && strings.HasPrefix(err.Msg, "# ") {
				continue
			}
			fmt.Fprintln(os.Stderr, err)
			n++
		}
	})
	return n
}

// load type-checks the packages named by patterns from source. Without
// -deps, their dependencies come from the compiler's export data (what
// go build already produced), as for an analyzer without facts; with
// -deps, every dependency is parsed and type-checked too.
func load(patterns []string, opts options) ([]*packages.Package, error) {
	mode := packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
		packages.NeedImports | packages.NeedTypes | packages.NeedTypesSizes |
		packages.NeedSyntax | packages.NeedTypesInfo | packages.NeedModule
	if opts.deps {
		mode |= packages.NeedDeps
	}
	cfg := &packages.Config{Mode: mode, Tests: opts.tests}
	initial, err := packages.Load(cfg, patterns...)
	if err == nil && len(initial) == 0 {
		err = fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
	}
	return initial, err
}

// printFindings prints the root findings as text on stderr or as JSON on
// stdout, and returns the multichecker's exit code for them.
func printFindings(graph *checker.Graph, opts options) int {
	if opts.json {
		if err := graph.PrintJSON(os.Stdout); err != nil {
			return 1
		}
		return 0
	}
	if err := graph.PrintText(os.Stderr, opts.context); err != nil {
		return 1
	}
	var failed, findings int
	for act := range graph.All() {
		if act.Err != nil {
			failed++
		} else if act.IsRoot {
			findings += len(act.Diagnostics)
		}
	}
	switch {
	case failed > 0:
		return 1
	case findings > 0:
		return 3
	}
	return 0
}

func startCPUProfile(name string) (stop func()) {
	f, err := os.Create(name)
	if err != nil {
		log.Fatal(err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		log.Fatal(err)
	}
	return func() { pprof.StopCPUProfile(); f.Close() }
}

func writeMemProfile(name string) {
	f, err := os.Create(name)
	if err != nil {
		log.Fatal(err)
	}
	runtime.GC()
	err = pprof.WriteHeapProfile(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		log.Fatal(err)
	}
}
