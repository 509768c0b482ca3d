// Command bench measures ctxnotify-lint side by side with its floor and
// with go vet, and prints medians and ratios. Run it with scripts/bench.sh.
//
// For each module (the example module with real client-go,
// controller-runtime and Flux dependencies, the provider module of the
// end-to-end tests with Karpenter, and the synthetic module of
// internal/synth at each scale) it runs, -runs times each, and reports the
// median wall time, CPU time (user+sys, the command and every process it
// waited for) and peak RSS (the largest single process):
//
//	standalone     ctxnotify-lint ./...
//	floor          internal/bench/floor: the same driver, a null analyzer (same passes, no facts)
//	baseline       ctxnotify-lint ./... built at -baseline REV, if given
//	baseline-floor its floor
//	vet            go vet ./...                                  warm cache
//	vettool        go vet -vettool=ctxnotify-lint ./...          warm cache
//	vet-cold       go vet ./...                                  fresh GOCACHE
//	vettool-cold   go vet -vettool=ctxnotify-lint ./...          fresh GOCACHE
//
// The standalone commands (and the floors) run in turn, run after run, so
// that a change in the machine's load affects them alike.
//
// Measurements use the wait4 resource usage of each child process, so no
// external time command is needed.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/ctxnotify/ctxnotify-lint/internal/synth"
)

var (
	runs     = flag.Int("runs", 5, "runs per measurement (the median is reported)")
	coldRuns = flag.Int("cold-runs", 0, "runs per cold go vet measurement (default: -runs)")
	scales   = flag.String("scales", "1,4,16", "comma-separated scales of the synthetic module")
	e2e      = flag.String("e2e", "", "comma-separated modules with real dependencies (default: example and e2e/testdata/provider; \"none\" skips them)")
	baseline = flag.String("baseline", "", "git revision to build a second command from, measured side by side")
	noCold   = flag.Bool("no-cold", false, "skip the cold-cache go vet measurements")
	keep     = flag.Bool("keep", false, "keep the temporary directory")
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("bench: ")
	flag.Parse()
	if *coldRuns == 0 {
		*coldRuns = *runs
	}
	root, err := os.Getwd()
	if err != nil {
		log.Fatal(err)
	}
	tmp, err := os.MkdirTemp("", "ctxnotify-bench")
	if err != nil {
		log.Fatal(err)
	}
	lint := filepath.Join(tmp, "bin", "ctxnotify-lint")
	null := filepath.Join(tmp, "bin", "nullcheck")
	mustRun(root, "go", "build", "-o", lint, "./cmd/ctxnotify-lint")
	buildFloor(root, null)
	var baseLint, baseNull string
	if *baseline != "" {
		baseLint, baseNull = buildBaseline(root, tmp, *baseline)
	}

	printMachine()
	fmt.Printf("runs: %d (cold go vet: %d); figures are medians\n\n", *runs, *coldRuns)

	type target struct {
		name, dir string
		flags     []string
	}
	var targets []target
	for _, dir := range e2eModules(root) {
		targets = append(targets, target{"e2e (" + filepath.Base(dir) + ")", dir, nil})
	}
	for _, s := range strings.Split(*scales, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			log.Fatalf("-scales: %v", err)
		}
		dir := filepath.Join(tmp, "synth"+s)
		lines, err := synth.Write(dir, n)
		if err != nil {
			log.Fatal(err)
		}
		targets = append(targets, target{fmt.Sprintf("synthetic %dx (%d lines)", n, lines), dir, []string{synth.SinkFlag}})
	}

	var synthStandalone, synthFloor []sample
	for _, t := range targets {
		fmt.Printf("== %s\n", t.name)
		// Warm the build cache: export data for the standalone runs, vet results.
		mustRun(t.dir, "go", "build", "./...")
		tryRun(t.dir, "go", "vet", "./...")
		tryRun(t.dir, "go", append(append([]string{"vet", "-vettool=" + lint}, t.flags...), "./...")...)

		args := slices.Concat(t.flags, []string{"./..."})
		standalone := []command{{"standalone", lint, args}, {"floor", null, args}}
		if baseLint != "" {
			standalone = append(standalone, command{"baseline", baseLint, args}, command{"baseline-floor", baseNull, args})
		}
		m := measureInTurn(*runs, t.dir, standalone)
		m["vet"] = measure(*runs, t.dir, nil, "go", "vet", "./...")
		m["vettool"] = measure(*runs, t.dir, nil, "go", append(append([]string{"vet", "-vettool=" + lint}, t.flags...), "./...")...)
		var order []string
		for _, c := range standalone {
			order = append(order, c.name)
		}
		order = append(order, "vet", "vettool")
		if !*noCold {
			m["vet-cold"] = measureCold(*coldRuns, tmp, t.dir, "go", "vet", "./...")
			m["vettool-cold"] = measureCold(*coldRuns, tmp, t.dir, "go", append(append([]string{"vet", "-vettool=" + lint}, t.flags...), "./...")...)
			order = append(order, "vet-cold", "vettool-cold")
		}
		fmt.Printf("%-14s %10s %10s %10s\n", "", "wall", "cpu", "peak RSS")
		for _, k := range order {
			s := m[k]
			fmt.Printf("%-14s %10s %10s %8.0f MB\n", k, round(s.wall), round(s.cpu), float64(s.rss)/(1<<20))
		}
		ratio("standalone / floor", m["standalone"], m["floor"])
		if baseLint != "" {
			ratio("baseline / its floor", m["baseline"], m["baseline-floor"])
			ratio("standalone / baseline", m["standalone"], m["baseline"])
		}
		ratio("vettool / vet, warm", m["vettool"], m["vet"])
		if !*noCold {
			ratio("vettool / vet, cold", m["vettool-cold"], m["vet-cold"])
		}
		fmt.Println()
		if t.flags != nil {
			synthStandalone = append(synthStandalone, m["standalone"])
			synthFloor = append(synthFloor, m["floor"])
		}
	}
	if n := len(synthStandalone); n > 1 {
		// The analyzer's own CPU: standalone minus the floor (loading, parsing,
		// type-checking, inspect), at the largest scale over the smallest.
		first := synthStandalone[0].cpu - synthFloor[0].cpu
		last := synthStandalone[n-1].cpu - synthFloor[n-1].cpu
		fmt.Printf("analyzer CPU (standalone - floor), largest / smallest scale: %s / %s = %.1fx\n",
			round(last), round(first), float64(last)/float64(first))
		fmt.Println("(go test -bench=. ./analyzer measures the analyzer alone, without loading)")
	}
	// A run that fails keeps the directory to look at.
	if !*keep {
		if err := os.RemoveAll(tmp); err != nil {
			log.Fatal(err)
		}
	}
}

// A sample is one measurement: medians over its runs.
type sample struct {
	wall, cpu time.Duration
	rss       int64 // bytes
}

func measure(n int, dir string, env []string, name string, args ...string) sample {
	var runs []sample
	for range n {
		runs = append(runs, runOnce(dir, env, name, args...))
	}
	return medians(runs)
}

// A command is one of the commands measured in turn.
type command struct {
	name, path string
	args       []string
}

// measureInTurn runs each command once, n times over, and returns their
// samples by name.
func measureInTurn(n int, dir string, cmds []command) map[string]sample {
	runs := make(map[string][]sample)
	for range n {
		for _, c := range cmds {
			runs[c.name] = append(runs[c.name], runOnce(dir, nil, c.path, c.args...))
		}
	}
	m := make(map[string]sample)
	for name, r := range runs {
		m[name] = medians(r)
	}
	return m
}

func runOnce(dir string, env []string, name string, args ...string) sample {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stderr, &stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if code := cmd.ProcessState.ExitCode(); err != nil && code != 1 && code != 3 {
		log.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, stderr.String())
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	return sample{wall, time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), ru.Maxrss * 1024} // Linux reports KiB
}

func medians(runs []sample) sample {
	var walls, cpus []time.Duration
	var rsss []int64
	for _, r := range runs {
		walls, cpus, rsss = append(walls, r.wall), append(cpus, r.cpu), append(rsss, r.rss)
	}
	return sample{median(walls), median(cpus), median(rsss)}
}

// measureCold measures with a fresh, empty build cache for every run.
func measureCold(n int, tmp, dir, name string, args ...string) sample {
	var s []sample
	for i := range n {
		cache := filepath.Join(tmp, fmt.Sprintf("gocache-cold-%d", i))
		s = append(s, runOnce(dir, []string{"GOCACHE=" + cache}, name, args...))
		os.RemoveAll(cache)
	}
	return medians(s)
}

func median[T int64 | time.Duration](xs []T) T {
	sorted := append([]T(nil), xs...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i] < sorted[j] })
	return sorted[len(sorted)/2]
}

func ratio(label string, a, b sample) {
	fmt.Printf("%-22s wall %.2fx  cpu %.2fx  rss %.2fx\n", label+":",
		float64(a.wall)/float64(b.wall), float64(a.cpu)/float64(b.cpu), float64(a.rss)/float64(b.rss))
}

func round(d time.Duration) time.Duration { return d.Round(10 * time.Millisecond) }

func e2eModules(root string) []string {
	switch *e2e {
	case "none":
		return nil
	case "":
		return []string{filepath.Join(root, "example"), filepath.Join(root, "e2e", "testdata", "provider")}
	}
	var dirs []string
	for d := range strings.SplitSeq(*e2e, ",") {
		abs, err := filepath.Abs(d)
		if err != nil {
			log.Fatal(err)
		}
		if _, err := os.Stat(filepath.Join(abs, "go.mod")); err != nil {
			log.Fatalf("-e2e: %v", err)
		}
		dirs = append(dirs, abs)
	}
	return dirs
}

// buildBaseline builds the command and its floor from the repository at
// rev, exported with git archive into tmp.
func buildBaseline(root, tmp, rev string) (lint, null string) {
	src := filepath.Join(tmp, "baseline")
	if err := os.MkdirAll(src, 0o755); err != nil {
		log.Fatal(err)
	}
	mustRun(root, "sh", "-c", `git archive --format=tar "$0" | tar -x -C "$1"`, rev, src)
	lint = filepath.Join(tmp, "bin", "baseline")
	null = filepath.Join(tmp, "bin", "baseline-nullcheck")
	mustRun(src, "go", "build", "-o", lint, "./cmd/ctxnotify-lint")
	buildFloor(src, null)
	return lint, null
}

// buildFloor builds the floor of the repository at root into out: the
// command internal/bench/floor, or, in a revision older than it, the
// command built with -tags nullcheck, where the floor used to be.
func buildFloor(root, out string) {
	if _, err := os.Stat(filepath.Join(root, "internal", "bench", "floor")); err == nil {
		mustRun(root, "go", "build", "-o", out, "./internal/bench/floor")
	} else {
		mustRun(root, "go", "build", "-tags", "nullcheck", "-o", out, "./cmd/ctxnotify-lint")
	}
}

func printMachine() {
	model := "unknown CPU"
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if name, ok := strings.CutPrefix(line, "model name"); ok {
				model = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(name), ":"))
				break
			}
		}
	}
	out, _ := exec.Command("go", "version").Output()
	fmt.Printf("machine: %d cores, %s, %s/%s; %s", runtime.NumCPU(), model, runtime.GOOS, runtime.GOARCH, out)
}

func mustRun(dir, name string, args ...string) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		log.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
}

// tryRun runs a warm-up command whose findings (exit status 1) are expected.
func tryRun(dir, name string, args ...string) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	_ = cmd.Run()
}
