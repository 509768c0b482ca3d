// Package e2e holds the end-to-end tests over the example module: they
// build ctxnotify-lint and run it, standalone, as go vet -vettool and as
// go fix -fixtool, over the example module's real client-go,
// controller-runtime and Flux dependencies, check the outputs and diffs
// that the README and docs/ show against real runs, run the shutdown
// harness before and after -fix, share go vet's results between two
// machines through a cache server, and sweep the analyzer over the
// standard library and the example's dependencies. The run-time oracle
// (oracle_test.go) does for generated controllers what the shutdown
// harness does for the example's: it compiles batches of them
// (internal/rungen) against the same dependencies and runs them, as
// controller-runtime runs them, before and after -fix.
//
// It is a module of its own, nested in the repository's root module (which
// it requires and replaces by ../, so it imports the root module's
// internal/testkit): downloading and compiling those dependencies on a
// fresh machine takes longer than go test's default timeout allows, so the
// root module's "go test ./..." does not reach these tests. Run them with
//
//	go test -C e2e -timeout 30m ./...
//
// A test that runs the command over a module with real dependencies
// belongs here; one over a module without dependencies belongs with the
// command's tests, in cmd/ctxnotify-lint.
package e2e
