package e2e

import (
	"context"
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// runnerLimit bounds one run of a batch's runner: every program, every
// scenario. A run that takes longer hangs (a callback that never ends):
// its last progress line names the program.
const runnerLimit = 5 * time.Minute

// The runner's report (e2e/testdata/oracle/runner): what each run of each
// program sent.
type (
	runnerReport []struct {
		Program string      `json:"program"`
		Runs    []runnerRun `json:"runs"`
	}
	runnerRun struct {
		Scenario string     `json:"scenario"`
		At       int        `json:"at"`
		Log      []logEntry `json:"log"`
		Calls    int        `json:"calls"`
		Ends     int        `json:"ends"`
		Err      string     `json:"err"`
	}
	logEntry struct {
		Kind   string `json:"kind"`
		Type   string `json:"type"`
		Reason string `json:"reason"`
		API    string `json:"api"`
	}
)

// runRunner runs the runner binary and returns its runs by program.
func runRunner(t *testing.T, bin string) map[string][]runnerRun {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), runnerLimit)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	cmd.WaitDelay = 10 * time.Second
	r := testkit.RunCmd(t, cmd)
	if r.Code != 0 || ctx.Err() != nil {
		t.Fatalf("%s: exit code %d (%v)\n%s", bin, r.Code, ctx.Err(), lastLines(r.Stderr, 20))
	}
	var rep runnerReport
	if err := json.Unmarshal([]byte(r.Stdout), &rep); err != nil {
		t.Fatalf("decoding the runner's report: %v\n%s", err, r.Stdout)
	}
	runs := make(map[string][]runnerRun)
	for _, p := range rep {
		runs[p.Program] = p.Runs
	}
	return runs
}

func lastLines(s string, n int) string {
	lines := strings.SplitAfter(s, "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "")
}
