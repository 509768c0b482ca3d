// Package refactor holds the text editing behind ctxnotify's suggested
// fix: wrapping a statement in an if block where it stands, and adding
// imports the way gofmt and goimports keep them. It knows nothing of the
// rule; the analyzer decides what to wrap and in which check. Its edits
// are exact text: the drivers apply them without a formatting pass, so
// each one must already be gofmt's layout.
package refactor
