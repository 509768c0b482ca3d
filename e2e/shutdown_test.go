package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// harnessRunLimit bounds one run of the example module's shutdown
// harness, its build included (a fresh module cache downloads and
// compiles client-go and controller-runtime).
const harnessRunLimit = 20 * time.Minute

// TestShutdownAtRunTime proves at run time what the fixes change: it runs
// the example module's shutdown harness (TestShutdown in
// example/internal/controller), applies ctxnotify-lint -fix, and runs the
// harness again. Before the fix a shutdown in the middle of a
// reconciliation sends Warning notifications; after it, nothing from the
// shutdown on but the events of findings that have no fix; a timeout, a
// failure and a success send exactly what they sent before. Everything
// the fix removed comes from a reported site. The table of docs/runtime.md is
// the one this run produces.
func TestShutdownAtRunTime(t *testing.T) {
	if testing.Short() {
		t.Skip("downloads modules, builds and runs the example module's tests twice")
	}
	t.Parallel()
	bin := testkit.Command(t)
	dir := testkit.CopyModule(t, e2eModule(t))

	reported := reportedFindings(t, dir, bin)
	fixes := jsonFindings(t, dir, bin)
	before := runShutdownHarness(t, dir)
	if r := testkit.Run(t, dir, bin, "-fix", "./..."); r.Code != 0 {
		t.Fatalf("-fix: exit code %d, want 0\n%s", r.Code, r.Output)
	}
	after := runShutdownHarness(t, dir)

	checkShutdownReports(t, before, after, reported)
	checkUninterrupted(t, before, after, fixes)
	checkHarnessScope(t, before, reported)
	table := shutdownTable(before, after)
	t.Logf("what each scenario sent, before and after the fix:\n%s", table)
	if want := docTable(t, doc(t, "docs/runtime.md"), "# What the fix changes at run time"); table != want {
		t.Errorf("the harness produces this table:\n%s\ndocs/runtime.md shows:\n%s", table, want)
	}
}

// The harness's report (see example/internal/controller/shutdown_test.go):
// for each reconciler, what each scenario sent before its interruption
// point and from that point on. A notification is "severity reason" as
// the webhook received it, an event "type reason" as a Kubernetes
// recorder got it.
type (
	harnessReport []struct {
		Reconciler   string             `json:"reconciler"`
		Interruption string             `json:"interruption"`
		Scenarios    []harnessScenarios `json:"scenarios"`
	}
	harnessScenarios struct {
		Scenario string      `json:"scenario"`
		Before   harnessSent `json:"beforeInterruption"`
		From     harnessSent `json:"fromInterruption"`
	}
	harnessSent struct {
		Notifications []string `json:"notifications"`
		Events        []string `json:"events"`
		Conditions    []string `json:"conditions"` // of each status write attempted
	}
)

// runShutdownHarness runs the harness in the module at dir and decodes
// its report.
func runShutdownHarness(t *testing.T, dir string) harnessReport {
	t.Helper()
	path := filepath.Join(testkit.TempDir(t), "report.json")
	ctx, cancel := context.WithTimeout(t.Context(), harnessRunLimit)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "test", "-count=1", "-timeout=5m", "-run=^TestShutdown$", "./internal/controller")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "CTXNOTIFY_SHUTDOWN_REPORT="+path)
	cmd.WaitDelay = time.Minute
	if r := testkit.RunCmd(t, cmd); r.Code != 0 {
		t.Fatalf("%s: exit code %d\n%s", cmd, r.Code, r.Output)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the harness wrote no report: %v", err)
	}
	var rep harnessReport
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatalf("decoding the harness's report: %v\n%s", err, data)
	}
	if len(rep) == 0 {
		t.Fatalf("the harness's report has no reconciler:\n%s", data)
	}
	return rep
}

// reportedFindings runs the command over the module at dir and returns
// what it reports.
func reportedFindings(t *testing.T, dir, bin string) []testkit.Finding {
	t.Helper()
	r := testkit.Run(t, dir, bin, "./...")
	if r.Code != 0 && r.Code != 3 {
		t.Fatalf("%s ./...: exit code %d\n%s", bin, r.Code, r.Output)
	}
	found, _ := testkit.ParseFindings(t, dir, r.Stderr)
	return found
}

// checkShutdownReports compares the harness's reports before and after
// the fix. reported are the findings before it.
func checkShutdownReports(t *testing.T, before, after harnessReport, reported []testkit.Finding) {
	t.Helper()
	reasons := sentReasons(before)
	if len(before) != len(after) {
		t.Fatalf("%d reconcilers before the fix, %d after", len(before), len(after))
	}
	for i, rb := range before {
		ra := after[i]
		if ra.Reconciler != rb.Reconciler || len(ra.Scenarios) != len(rb.Scenarios) {
			t.Fatalf("reconciler %d: %s with %d scenarios before the fix, %s with %d after", i, rb.Reconciler, len(rb.Scenarios), ra.Reconciler, len(ra.Scenarios))
		}
		for j, sb := range rb.Scenarios {
			sa := ra.Scenarios[j]
			name := rb.Reconciler + " " + sb.Scenario
			if sb.Scenario != "shutdown" {
				continue // checkUninterrupted
			}
			if !slices.ContainsFunc(sb.From.Notifications, func(n string) bool { return strings.HasPrefix(n, "error ") }) {
				t.Errorf("%s: before the fix, no error notification from the shutdown on: %+v", name, sb.From)
			}
			if !sameSent(sb.Before, sa.Before) {
				t.Errorf("%s: the fix changed what is sent before the shutdown: %+v, then %+v", name, sb.Before, sa.Before)
			}
			if len(sa.From.Notifications) > 0 {
				t.Errorf("%s: after the fix, notifications from the shutdown on: %q", name, sa.From.Notifications)
			}
			if len(sa.From.Events) > 0 {
				t.Errorf("%s: after the fix, events from the shutdown on: %q", name, sa.From.Events)
			}
			if !slices.Equal(sb.From.Conditions, sa.From.Conditions) {
				t.Errorf("%s: the fix changed the status written from the shutdown on: %q, then %q (a fix must skip the event only)", name, sb.From.Conditions, sa.From.Conditions)
			}
			for _, s := range slices.Concat(sb.From.Notifications, sb.From.Events) {
				if !slices.ContainsFunc(reported, func(f testkit.Finding) bool {
					return onTheWay(f.Message, f.File, rb.Reconciler, []string{s}, reasons)
				}) {
					t.Errorf("%s: before the fix, %q from the shutdown on, which no finding names", name, s)
				}
			}
		}
	}
}

// checkUninterrupted is the third leg of the proof: a reconciliation that
// no shutdown interrupts (a success, a real failure, a timeout) sends after
// -fix exactly what it sent before, every event and notification, through
// fixes of every kind: the wrap, the guard clause, the folded condition,
// the fix at the helper's depth, the guarded method and the rename of a
// derived context. A fix that checked a context
// the code cancels itself would fail it: that check drops every event. A
// finding is on the way of what a scenario sent when its message quotes
// the reason, or, quoting none of the reasons sent, it lies in the
// reconciler's file. fixes are the findings before -fix.
func checkUninterrupted(t *testing.T, before, after harnessReport, fixes []jsonFinding) {
	t.Helper()
	reasons := sentReasons(before)
	covered := make(map[string]bool)
	for i, rb := range before {
		for j, sb := range rb.Scenarios {
			if sb.Scenario == "shutdown" {
				continue
			}
			sa := after[i].Scenarios[j]
			if !sameSent(sb.Before, sa.Before) || !sameSent(sb.From, sa.From) {
				t.Errorf("%s %s, uninterrupted: the fix changed what is sent:\nbefore the fix: %+v %+v\nafter the fix:  %+v %+v", rb.Reconciler, sb.Scenario, sb.Before, sb.From, sa.Before, sa.From)
			}
			sent := slices.Concat(sb.Before.Notifications, sb.From.Notifications, sb.Before.Events, sb.From.Events)
			for _, f := range fixes {
				if f.fixable && onTheWay(f.message, f.posn, rb.Reconciler, sent, reasons) {
					for _, k := range fixKinds(f.fix) {
						covered[k] = true
					}
				}
			}
		}
	}
	for _, k := range []string{"wrap", "guard clause", "fold", "helper depth", "guarded method", "rename"} {
		if !covered[k] {
			t.Errorf("no uninterrupted reconciliation goes through a fix of kind %q", k)
		}
	}
}

// sentReasons returns the reasons of everything any scenario sent.
func sentReasons(rep harnessReport) map[string]bool {
	reasons := make(map[string]bool)
	for _, r := range rep {
		for _, s := range r.Scenarios {
			for _, x := range slices.Concat(s.Before.Notifications, s.From.Notifications, s.Before.Events, s.From.Events) {
				_, reason, _ := strings.Cut(x, " ")
				reasons[reason] = true
			}
		}
	}
	return reasons
}

// onTheWay reports whether a finding (its message, and the file it is in)
// is on the way of what a reconciler sent ("severity reason" or "type
// reason"): its message quotes the reason; or, quoting none of the reasons
// any scenario sent (the event's reason is not a constant there, or the
// finding is a call handing on a cancelled context), it lies in the
// reconciler's file.
func onTheWay(message, file, reconciler string, sent []string, reasons map[string]bool) bool {
	for _, x := range sent {
		if _, reason, _ := strings.Cut(x, " "); strings.Contains(message, fmt.Sprintf("%q", reason)) {
			return true
		}
	}
	for reason := range reasons {
		if strings.Contains(message, fmt.Sprintf("%q", reason)) {
			return false
		}
	}
	base, _, _ := strings.Cut(filepath.Base(file), ":")
	return base == reconciler+"_controller.go"
}

// renamed matches the fresh name a derived context takes.
var renamed = regexp.MustCompile(`^[a-z]\w*Ctx\d*$`)

// fixKinds tells what a fix does.
func fixKinds(fix jsonFix) []string {
	var kinds []string
	add := func(k string) {
		if !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	switch {
	case strings.HasPrefix(fix.Message, "Pass "):
		add("helper depth")
	case strings.HasPrefix(fix.Message, "Add "), strings.HasPrefix(fix.Message, "Emit through "):
		add("guarded method")
	}
	for _, e := range fix.Edits {
		switch {
		case strings.Contains(e.New, " && !"):
			add("fold")
		case strings.HasPrefix(strings.TrimLeft(e.New, "\t"), "if ") && !strings.Contains(e.New, "if !") && strings.Contains(e.New, "\treturn\n"):
			add("guard clause")
		case strings.Contains(e.New, "if !"):
			add("wrap")
		case renamed.MatchString(e.New):
			add("rename")
		}
	}
	return kinds
}

func sameSent(a, b harnessSent) bool {
	return slices.Equal(a.Notifications, b.Notifications) && slices.Equal(a.Events, b.Events) && slices.Equal(a.Conditions, b.Conditions)
}

// shutdownTable renders the reports as docs/runtime.md's Markdown table: per
// reconciler and scenario, the notifications and events before and after
// the fix.
func shutdownTable(before, after harnessReport) string {
	var b strings.Builder
	b.WriteString("| reconciler (interrupted at) | scenario | notifications before `-fix` | events before `-fix` | notifications after `-fix` | events after `-fix` |\n")
	b.WriteString("|---|---|---|---|---|---|\n")
	for i, rb := range before {
		for j, sb := range rb.Scenarios {
			sa := after[i].Scenarios[j]
			first := ""
			if j == 0 {
				first = fmt.Sprintf("%s (%s)", rb.Reconciler, rb.Interruption)
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s |\n", first, sb.Scenario,
				sentCell(sb, sb.Before.Notifications, sb.From.Notifications), sentCell(sb, sb.Before.Events, sb.From.Events),
				sentCell(sa, sa.Before.Notifications, sa.From.Notifications), sentCell(sa, sa.Before.Events, sa.From.Events))
		}
	}
	return b.String()
}

// sentCell counts what was sent by severity (or type), each with its
// reasons, in the order they first arrived: "2 error (WebhookFailed,
// ReconciliationFailed)". In the shutdown scenario, what went out before
// the shutdown is counted apart.
func sentCell(s harnessScenarios, before, from []string) string {
	var groups []string
	add := func(list []string, when string) {
		var severities []string
		reasons := make(map[string][]string)
		for _, x := range list {
			severity, reason, _ := strings.Cut(x, " ")
			if reasons[severity] == nil {
				severities = append(severities, severity)
			}
			reasons[severity] = append(reasons[severity], reason)
		}
		for _, severity := range severities {
			groups = append(groups, fmt.Sprintf("%d %s%s (%s)", len(reasons[severity]), severity, when, countedReasons(reasons[severity])))
		}
	}
	if s.Scenario == "shutdown" {
		add(before, " before the shutdown")
	} else {
		from = slices.Concat(before, from)
	}
	add(from, "")
	if len(groups) == 0 {
		return "—"
	}
	return strings.Join(groups, ", ")
}

// countedReasons lists reasons in the order they first arrived, with a
// count for repeats: "ReconciliationFailed ×2".
func countedReasons(reasons []string) string {
	var order []string
	count := make(map[string]int)
	for _, r := range reasons {
		if count[r] == 0 {
			order = append(order, r)
		}
		count[r]++
	}
	for i, r := range order {
		if count[r] > 1 {
			order[i] += fmt.Sprintf(" ×%d", count[r])
		}
	}
	return strings.Join(order, ", ")
}

// docTable returns the lines of the Markdown table in the section of text
// whose heading line starts with heading.
func docTable(t *testing.T, text, heading string) string {
	t.Helper()
	var b strings.Builder
	for line := range strings.Lines(docSection(t, text, heading)) {
		if strings.HasPrefix(line, "|") {
			b.WriteString(line)
		}
	}
	return b.String()
}

// checkHarnessScope checks what docs/runtime.md says the harness drives:
// every reconciler of internal/controller that has findings (a file
// NAME_controller.go with findings, the reconciler NAME); and it names
// each other directory with findings, saying how the harness reaches it
// or that it does not.
func checkHarnessScope(t *testing.T, rep harnessReport, reported []testkit.Finding) {
	t.Helper()
	driven := make(map[string]bool)
	for _, r := range rep {
		driven[r.Reconciler] = true
	}
	text := doc(t, "docs/runtime.md")
	for _, f := range reported {
		dir, file := path.Split(f.File)
		dir = strings.TrimSuffix(dir, "/")
		name, isController := strings.CutSuffix(file, "_controller.go")
		switch {
		case dir == "internal/controller" && isController:
			if !driven[name] {
				t.Errorf("%s has findings and the harness does not drive its reconciler %s, which docs/runtime.md says it drives", f.File, name)
			}
		case !strings.Contains(text, "`"+dir+"`"):
			t.Errorf("%s has findings; docs/runtime.md does not say whether the harness reaches %s", f.File, dir)
		}
	}
}
