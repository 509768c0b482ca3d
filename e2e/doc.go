// Package e2e holds the end-to-end tests: they build ctxnotify-lint and run
// it, standalone, as go vet -vettool and as go fix -fixtool, over modules
// with the real client-go, controller-runtime and Flux dependencies.
package e2e
