package e2e

import (
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/e2e/internal/rungen"
	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// oracleSeeds are the batches TestRunTimeOracle runs, of oracleBatchSize
// programs each: the CI's fixed budget.
var oracleSeeds = []uint64{1, 2, 3}

const oracleBatchSize = 50

// fullReports is how many failing programs a run prints whole, with their
// sources, findings and logs, unless CTXNOTIFY_ORACLE_VERBOSE is set; the
// others get one line each, with what reproduces them.
const fullReports = 4

// TestRunTimeOracle is the run-time oracle of issue 41 (item 4), over the
// CI's batches. It checks what -fix promises by running the code,
// independently of the analyzer's model of it: batches of generated
// controllers (e2e/internal/rungen) are compiled into one binary and run
// as controller-runtime runs them (its real controller,
// ReconciliationTimeout set), with a fake API that fails with its
// context's error once the context is done, before and after
// ctxnotify-lint -fix. For each program:
//
//   - the command does not crash on it (where it crashes over a batch, it
//     is run over each program alone), -fix applies every fix in one run
//     and leaves it gofmt-clean and compiling, and a second run offers no
//     fix there;
//   - uninterrupted, the fixed program sends exactly the events the
//     original sent, and makes the same API calls;
//   - with the manager's context ended as a deadline at each API call the
//     original made, it sends the events the original sent (a timeout
//     still notifies);
//   - with the manager's context cancelled (a shutdown) at each API call,
//     it sends the events the original sent up to that call, and from it
//     on no event whose site's finding has a fix; the original sends none
//     from a site that no finding names, but where the rule puts it out of
//     reach (rungen.Site.OutOfReach).
//
// Environment:
//
//	CTXNOTIFY_ORACLE_BIN      the command to test instead of the one built from this tree
//	CTXNOTIFY_ORACLE_PROGRAM  run one program: seed/index ("3/17") or the hex input a failure prints
//	CTXNOTIFY_ORACLE_SEEDS    the batches TestRunTimeOracle runs, as "1,2,5" or "1-20"
//	CTXNOTIFY_ORACLE_BATCH    the number of programs in each
//	CTXNOTIFY_ORACLE_VERBOSE  print every failing program whole (by default the first few)
func TestRunTimeOracle(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs batches of generated controllers against client-go and controller-runtime")
	}
	bin := oracleCommand(t)
	if one := os.Getenv("CTXNOTIFY_ORACLE_PROGRAM"); one != "" {
		runOracle(t, bin, []oracleInput{programInput(t, one)}).log(t)
		return
	}
	seeds := oracleSeeds
	if s := os.Getenv("CTXNOTIFY_ORACLE_SEEDS"); s != "" {
		seeds = parseSeeds(t, s)
	}
	size := oracleBatchSize
	if s := os.Getenv("CTXNOTIFY_ORACLE_BATCH"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("CTXNOTIFY_ORACLE_BATCH=%q: want a number of programs", s)
		}
		size = n
	}
	var total oracleStats
	for _, seed := range seeds {
		var inputs []oracleInput
		for i, data := range rungen.Inputs(seed, size) {
			inputs = append(inputs, oracleInput{origin: fmt.Sprintf("seed %d, program %d", seed, i), data: data})
		}
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) {
			stats := runOracle(t, bin, inputs)
			stats.log(t)
			total.add(stats)
		})
	}
	total.log(t)
}

// FuzzRunTime runs the oracle over a batch cut from each input
// (rungen.Split: up to eight programs). Each input costs a build and a run
// of the command and of the Go toolchain, seconds rather than
// microseconds: it is a long search, for example
//
//	go test -C e2e -run '^$' -fuzz '^FuzzRunTime$' -fuzztime 1h -fuzzminimizetime 0 .
//
// Its seeds run as ordinary tests, but under -short.
func FuzzRunTime(f *testing.F) {
	rng := rand.New(rand.NewPCG(41, 4))
	for _, n := range []int{3, 8} {
		seed := make([]byte, 1+n*rungen.InputSize)
		seed[0] = byte(n - 1)
		for i := 1; i < len(seed); i++ {
			seed[i] = byte(rng.Uint32())
		}
		f.Add(seed)
	}
	// The command is built here, once per process: go test -fuzz stops a
	// worker whose call of the fuzz function takes more than 10 seconds,
	// and the build alone takes most of that.
	var bin string
	if !testing.Short() {
		bin = oracleCommand(f)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if testing.Short() {
			t.Skip("builds and runs a batch of generated controllers")
		}
		var inputs []oracleInput
		for i, input := range rungen.Split(data) {
			inputs = append(inputs, oracleInput{origin: fmt.Sprintf("program %d of the fuzz input", i), data: input})
		}
		runOracle(t, bin, inputs).log(t)
	})
}

// oracleCommand returns the command under test: CTXNOTIFY_ORACLE_BIN, so
// that the command of another commit can be tested, else the one built
// from this tree.
func oracleCommand(t testing.TB) string {
	t.Helper()
	if bin := os.Getenv("CTXNOTIFY_ORACLE_BIN"); bin != "" {
		abs, err := filepath.Abs(bin)
		if err != nil {
			t.Fatal(err)
		}
		return abs
	}
	return testkit.Command(t)
}

// programInput returns the input CTXNOTIFY_ORACLE_PROGRAM names: a
// program of TestRunTimeOracle's batches as seed/index ("3/17"), or any
// program by its input in hex, as a failure prints it.
func programInput(t *testing.T, s string) oracleInput {
	t.Helper()
	if seed, index, ok := strings.Cut(s, "/"); ok {
		sd, err1 := strconv.ParseUint(seed, 10, 64)
		i, err2 := strconv.Atoi(index)
		if err1 != nil || err2 != nil || i < 0 {
			t.Fatalf("CTXNOTIFY_ORACLE_PROGRAM=%q: want seed/index, such as 3/17, or an input in hex", s)
		}
		return oracleInput{origin: fmt.Sprintf("seed %d, program %d", sd, i), data: rungen.Inputs(sd, i+1)[i]}
	}
	data, err := hex.DecodeString(s)
	if err != nil {
		t.Fatalf("CTXNOTIFY_ORACLE_PROGRAM: %v", err)
	}
	return oracleInput{origin: "CTXNOTIFY_ORACLE_PROGRAM", data: data}
}

// parseSeeds parses "1,2,5" or "1-20" (or both: "1-3,7").
func parseSeeds(t *testing.T, s string) []uint64 {
	t.Helper()
	var seeds []uint64
	for part := range strings.SplitSeq(s, ",") {
		lo, hi, isRange := strings.Cut(strings.TrimSpace(part), "-")
		a, err1 := strconv.ParseUint(lo, 10, 64)
		b, err2 := a, error(nil)
		if isRange {
			b, err2 = strconv.ParseUint(hi, 10, 64)
		}
		if err1 != nil || err2 != nil || b < a {
			t.Fatalf("CTXNOTIFY_ORACLE_SEEDS=%q: want seeds such as 1,2,5 or 1-20", s)
		}
		for x := a; x <= b; x++ {
			seeds = append(seeds, x)
		}
	}
	return seeds
}

// An oracleInput is a program's input and where it comes from.
type oracleInput struct {
	origin string // "seed 3, program 7"
	data   []byte
}
