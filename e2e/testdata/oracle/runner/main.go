// Command runner calls each generated controller of the batch as
// controller-runtime calls it, in every scenario, and prints what each run
// sent as JSON on standard output: uninterrupted; with the manager's
// context ended as a shutdown at each API call the uninterrupted run
// made (and one more, never reached); and the same with a deadline.
// The harness (e2e/oracle_test.go) runs it on a batch before and after
// ctxnotify-lint -fix and compares.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/go-logr/logr"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"ctxnotify.test/oracle/rt"
)

// A program is a generated controller; programs.go, which the harness
// writes, lists them.
type program struct {
	name     string
	failMask uint64
	new      func(env *rt.Env) reconcile.Reconciler
}

// A run is what one scenario of a program sent.
type run struct {
	Scenario string     `json:"scenario"` // "uninterrupted", "shutdown", "timeout"
	At       int        `json:"at,omitempty"`
	Log      []rt.Entry `json:"log"`
	Calls    int        `json:"calls"` // API calls made
	Ends     int        `json:"ends"`  // of which handed a context that may end
	Err      string     `json:"err,omitempty"`
}

type report struct {
	Program string `json:"program"`
	Runs    []run  `json:"runs"`
}

// reconciliationTimeout is the controller's ReconciliationTimeout: long
// enough never to fire, so that no outcome depends on time, while
// controller-runtime still wraps each Reconcile in WithTimeoutCause and
// cancels that context as soon as Reconcile returns.
const reconciliationTimeout = time.Hour

func main() {
	logf.SetLogger(logr.Discard())
	var reports []report
	for _, p := range programs {
		fmt.Fprintln(os.Stderr, "running", p.name) // the last line names a program that hangs
		rep := report{Program: p.name}
		u := runOnce(p, "uninterrupted", rt.Scenario{})
		rep.Runs = append(rep.Runs, u)
		for at := 1; at <= u.Ends+1; at++ {
			rep.Runs = append(rep.Runs,
				runOnce(p, "shutdown", rt.Scenario{End: at, Err: context.Canceled}),
				runOnce(p, "timeout", rt.Scenario{End: at, Err: context.DeadlineExceeded}))
		}
		reports = append(reports, rep)
	}
	enc := json.NewEncoder(os.Stdout)
	if err := enc.Encode(reports); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// runOnce builds the program's reconciler in a fresh environment, wraps it
// in controller-runtime's controller and calls its Reconcile with the
// manager's context, then runs what the controller left to run later.
func runOnce(p program, scenario string, s rt.Scenario) run {
	env := rt.NewEnv(p.failMask, s)
	r := p.new(env)
	c, err := controller.NewUnmanaged(p.name, controller.Options{
		Reconciler:            r,
		ReconciliationTimeout: reconciliationTimeout,
		SkipNameValidation:    ptr.To(true),
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	req := reconcile.Request{NamespacedName: types.NamespacedName{Namespace: "default", Name: p.name}}
	_, rerr := c.Reconcile(env.Manager, req)
	var flush func()
	if f, ok := r.(interface{ Flush() }); ok {
		flush = f.Flush
	}
	env.Returned(flush)
	out := run{Scenario: scenario, At: s.End, Log: env.Log.Entries()}
	out.Calls, out.Ends = env.API.Counts()
	if rerr != nil {
		out.Err = rerr.Error()
	}
	return out
}
