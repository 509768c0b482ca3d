// Package rungen writes the controllers that the run-time oracle
// (e2e/oracle_test.go) compiles, runs, fixes with ctxnotify-lint -fix, and
// runs again. It is pure Go and does no I/O: a program is a function of its
// input bytes.
//
// Each program is one package of the batch module ([ModulePath]): a
// reconciler type built by New from the batch's runtime package rt
// (e2e/testdata/oracle/rt), a Reconcile method and the steps, helpers and
// callbacks it calls. Like the analyzer's own fuzz generator
// (analyzer/fuzzgen_test.go), every choice is one byte of the input (0 once
// it runs out), so every input is a valid program and a mutation of the
// input is a change of shape, not a syntax error; unlike it, every program
// compiles against the real client-go and controller-runtime and runs to
// its end in every scenario, whatever the scheduler does:
//
//   - every emission site has a reason of its own (E1, E2...), a constant
//     at the call that the analyzer reports (a helper without a context is
//     handed its caller's), so that each event a run sends maps back to
//     one site, and each site to the finding on its line ([Site]);
//   - the API calls are made in an order that does not depend on the
//     scheduler: errgroup's limit and client-go's parallel-for run one
//     worker (the shape stays parallel for the analyzer), a group's
//     literals are started and waited for with nothing in between, and code
//     that runs after Reconcile returns (time.AfterFunc callbacks,
//     goroutines, hooks, stored functions) makes no API call and is held
//     until the runner releases it;
//   - loops are bounded, and nothing sleeps.
//
// The shapes it writes are those of issue 41 ([Shape]): what breaks the
// fix planner at the starting commit, and the everyday ones around
// them. A site the analyzer need not report by its documented rule (an
// event after ctx = context.WithoutCancel(ctx), or in a literal that reads
// a context reassigned so later) says so ([Site.OutOfReach]), so that the
// oracle does not count an event of it after a shutdown as a missed
// finding.
package rungen
