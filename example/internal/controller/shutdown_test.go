package controller_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	fluxevents "github.com/fluxcd/pkg/runtime/events"
	"github.com/go-logr/logr"
	"github.com/go-logr/logr/testr"
	"k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "example.com/controllers/api/v1"
)

// reportEnv names the file to which TestShutdown writes what each
// scenario sent, as JSON. The end-to-end test of the repository sets it,
// runs the test before and after applying ctxnotify-lint's fixes, and
// compares the two.
const reportEnv = "CTXNOTIFY_SHUTDOWN_REPORT"

// Deadlines of the timeout scenario: the first that the reconciliation
// reaches its interruption point within is used.
const (
	firstDeadline = 500 * time.Millisecond
	lastDeadline  = 8 * time.Second
)

// A scenarioReport is what one scenario sent, before its interruption
// point and from that point on.
type scenarioReport struct {
	Scenario scenario `json:"scenario"`
	Before   sent     `json:"beforeInterruption"`
	From     sent     `json:"fromInterruption"`
}

// A reconcilerReport holds the scenarios of one reconciler.
type reconcilerReport struct {
	Reconciler   string           `json:"reconciler"`
	Interruption string           `json:"interruption"`
	Scenarios    []scenarioReport `json:"scenarios"`
}

// TestShutdown runs each reconciler that has findings through four
// scenarios at one interruption point in the middle of its
// reconciliation: a shutdown (the manager cancels the context), a timeout,
// a failure with a live context (a 500) and a success. The client is
// controller-runtime's fake, whose calls fail with the context's error
// once it is done; Flux's event recorder posts to a webhook on the
// loopback interface and forwards to a fake Kubernetes recorder of the
// events.k8s.io/v1 API.
//
// What a shutdown sends is the bug that ctxnotify-lint's fixes remove, so
// this test only records it (in the file named by $CTXNOTIFY_SHUTDOWN_REPORT,
// or in the -v log); it passes on the module with and without the fixes.
// It checks what holds in both: a timeout and a failure still alert, a
// success does not, and every notification is also a Kubernetes event.
func TestShutdown(t *testing.T) {
	ctrl.SetLogger(logr.Discard())
	scheme := runtime.NewScheme()
	if err := errors.Join(clientgoscheme.AddToScheme(scheme), v1.AddToScheme(scheme)); err != nil {
		t.Fatal(err)
	}

	cases := reconcilerCases()
	reports := make([]reconcilerReport, len(cases))
	t.Run("reconcilers", func(t *testing.T) {
		for i, c := range cases {
			reports[i] = reconcilerReport{Reconciler: c.name, Interruption: c.interruption, Scenarios: make([]scenarioReport, len(scenarios))}
			for j, s := range scenarios {
				t.Run(c.name+"/"+string(s), func(t *testing.T) {
					t.Parallel()
					rep := runScenario(t, scheme, c, s)
					checkScenario(t, c, rep)
					reports[i].Scenarios[j] = rep
				})
			}
		}
	})
	if t.Failed() {
		return
	}

	data, err := json.MarshalIndent(reports, "", "\t")
	if err != nil {
		t.Fatal(err)
	}
	if path := os.Getenv(reportEnv); path != "" {
		if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("sent, before the interruption point and from it on:\n%s", data)
}

// runScenario reconciles c's object once in scenario s. The timeout
// scenario needs a deadline that passes after the interruption point is
// reached: if a run reaches it too late, the run is repeated with a
// longer deadline.
func runScenario(t *testing.T, scheme *runtime.Scheme, c reconcilerCase, s scenario) scenarioReport {
	for deadline := firstDeadline; ; deadline *= 2 {
		rep, r, expired := reconcileOnce(t, scheme, c, s, deadline)
		switch {
		case r.reached:
			return rep
		case !expired:
			t.Fatalf("the reconciliation did not reach %s", c.interruption)
		case deadline >= lastDeadline:
			t.Fatalf("the reconciliation did not reach %s within %s", c.interruption, deadline)
		}
		t.Logf("the deadline of %s passed before %s; again with %s", deadline, c.interruption, 2*deadline)
	}
}

// reconcileOnce runs one reconciliation with fresh objects, recorders
// and webhook, and returns what it sent, the run, and whether the
// context's deadline had passed when the reconciliation returned.
func reconcileOnce(t *testing.T, scheme *runtime.Scheme, c reconcilerCase, s scenario, deadline time.Duration) (_ scenarioReport, _ *run, expired bool) {
	t.Helper()
	var (
		ctx    context.Context
		cancel context.CancelFunc
	)
	if s == timeout {
		ctx, cancel = context.WithTimeout(context.Background(), deadline)
	} else {
		ctx, cancel = context.WithCancel(context.Background())
	}
	// Stops what the reconciliation left running, such as podinfo's
	// rollout watch, once it has returned.
	defer cancel()

	log := newSentLog()
	r := &run{scenario: s, cancel: cancel, sent: log, point: c.point, calls: make(map[string]int)}
	// Flux's recorder needs a logger with a sink (logr.Discard() has
	// none): it logs the posts that fail. Without a manager, it takes the
	// scheme and the Kubernetes recorder as options.
	flux, err := fluxevents.NewRecorder(testr.New(t), newWebhook(t, log).URL, c.name+"-controller",
		fluxevents.WithScheme(scheme), fluxevents.WithEventRecorder(log.kevents))
	if err != nil {
		t.Fatal(err)
	}
	objs := make([]client.Object, len(c.objects))
	for i, o := range c.objects {
		objs[i] = o.DeepCopyObject().(client.Object)
	}
	rec := c.build(deps{
		client:  r.newClient(scheme, objs, c.withStatus),
		flux:    flux,
		kube:    log.kube,
		kevents: log.kevents,
		run:     r,
		dir:     t.TempDir(),
	})
	if _, err := rec.Reconcile(ctx, ctrl.Request{NamespacedName: c.request}); err != nil {
		t.Logf("reconcile: %v", err)
	}
	expired = errors.Is(ctx.Err(), context.DeadlineExceeded)
	before, from := log.finish()
	return scenarioReport{Scenario: s, Before: before, From: from}, r, expired
}

// checkScenario checks what holds with and without the fixes: a timeout
// and a failure send an error notification, a success sends neither an
// error notification nor a Warning event, each notification has its
// Kubernetes event (Flux's recorder forwards every event it posts), and a
// reconciler that records a failure in its status still means to write it
// when the call failed, even with a cancelled context: a fix skips the
// event only.
func checkScenario(t *testing.T, c reconcilerCase, rep scenarioReport) {
	t.Helper()
	if c.failedStatus != "" && rep.Scenario != success && !slices.Contains(rep.From.Conditions, c.failedStatus) {
		t.Errorf("%s: no status write of %q from the interruption on, only %q", rep.Scenario, c.failedStatus, rep.From.Conditions)
	}
	notifications := slices.Concat(rep.Before.Notifications, rep.From.Notifications)
	events := slices.Concat(rep.Before.Events, rep.From.Events)
	alerts := slices.ContainsFunc(notifications, func(n string) bool { return strings.HasPrefix(n, "error ") })
	switch rep.Scenario {
	case timeout, failure:
		if !alerts {
			t.Errorf("%s: no error notification in %q", rep.Scenario, notifications)
		}
	case success:
		if alerts || slices.ContainsFunc(events, func(e string) bool { return strings.HasPrefix(e, "Warning ") }) {
			t.Errorf("success: an alert in %q, events %q", notifications, events)
		}
	}
	for _, n := range notifications {
		severity, reason, _ := strings.Cut(n, " ")
		want := "Normal " + reason
		if severity == "error" {
			want = "Warning " + reason
		}
		if !slices.Contains(events, want) {
			t.Errorf("notification %q has no Kubernetes event %q in %q", n, want, events)
		}
	}
}
