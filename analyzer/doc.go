// Package analyzer defines the ctxnotify analysis pass.
//
// # Analyzer ctxnotify
//
// ctxnotify: report events emitted without a context cancellation check
//
// (documentation in progress)
package analyzer
