package driver

import (
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"runtime"
	"runtime/pprof"
	"runtime/trace"

	"golang.org/x/tools/go/analysis"
)

// Run loads the packages matching patterns, runs analyzer a on them (none
// when opts.Enabled is false) and prints the findings on stderr, or as
// JSON on stdout, or applies their fixes: [Analyze], then what the
// command does with its findings. It returns the exit code the x/tools
// multichecker would: 1 when loading or analysis failed, 3 when findings
// were printed as text, 0 otherwise (always with -json). A package with
// errors is analysed all the same (see errors.go), and the exit code is
// 1; patterns that leave nothing to analyse (a [*GoError]) print go's
// message alone and exit 1, as go vet does.
func Run(a *analysis.Analyzer, opts Options, patterns []string, stdout, stderr io.Writer) int {
	logger, verbosef := newLogger(stderr, opts)
	stop, err := startProfiles(opts, logger)
	if err != nil {
		logger.Print(err)
		return 1
	}
	defer stop()

	res, err := Analyze(a, opts, patterns, stderr)
	var goErr *GoError
	if errors.As(err, &goErr) {
		fmt.Fprintln(stderr, goErr) // as go vet prints it: alone
		return 1
	}
	if res != nil {
		defer func() {
			for _, path := range res.Broken {
				logger.Printf("%s has errors: analysed as far as its types go, its findings may be incomplete", path)
			}
		}()
	}
	if err != nil {
		logger.Print(err)
		return 1
	}
	exit := 0
	if res.Errors > 0 {
		exit = 1
	}
	graph := res.Graph
	if opts.Fix {
		// Fix what could be analysed, but say what could not: a silent
		// exit 0 would read as "nothing left to fix".
		for _, act := range graph.Roots {
			if act.Err != nil {
				logger.Printf("%s: %v", act.Package.PkgPath, act.Err)
				exit = 1
			}
		}
		if err := applyFixes(graph.Roots, opts, stdout, logger.Printf, verbosef); err != nil {
			logger.Print(err)
			return 1
		}
		return exit
	}
	code := printFindings(graph, opts, stdout, stderr)
	if exit == 0 {
		exit = code // findings do not hide errors: an exit code of 1 stays
	}
	if opts.debug('t') {
		printTimes(stderr, graph, opts.debug('p'))
	}
	return exit
}

// startProfiles starts the CPU profile and the trace that opts ask for;
// stop stops them and writes the memory profile. On an error, what was
// started is stopped.
func startProfiles(opts Options, logger *log.Logger) (stop func(), err error) {
	var stops []func()
	stop = func() {
		for i := len(stops) - 1; i >= 0; i-- {
			stops[i]()
		}
	}
	if opts.CPUProfile != "" {
		f, err := startWriting(opts.CPUProfile, pprof.StartCPUProfile, logger)
		if err != nil {
			stop()
			return nil, err
		}
		stops = append(stops, func() { pprof.StopCPUProfile(); closeLogged(f, logger) })
	}
	if opts.Trace != "" {
		f, err := startWriting(opts.Trace, trace.Start, logger)
		if err != nil {
			stop()
			return nil, err
		}
		stops = append(stops, func() {
			trace.Stop()
			closeLogged(f, logger)
			logger.Printf("To view the trace, run:\n$ go tool trace view %s", opts.Trace)
		})
	}
	if opts.MemProfile != "" {
		stops = append(stops, func() {
			if err := writeMemProfile(opts.MemProfile); err != nil {
				logger.Print(err)
			}
		})
	}
	return stop, nil
}

// startWriting creates the file name and starts writing to it, as
// pprof.StartCPUProfile and trace.Start do; on an error the file is
// closed.
func startWriting(name string, start func(io.Writer) error, logger *log.Logger) (*os.File, error) {
	f, err := os.Create(name)
	if err != nil {
		return nil, err
	}
	if err := start(f); err != nil {
		closeLogged(f, logger)
		return nil, err
	}
	return f, nil
}

func closeLogged(f *os.File, logger *log.Logger) {
	if err := f.Close(); err != nil {
		logger.Print(err)
	}
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
