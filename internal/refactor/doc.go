// Package refactor holds the text editing behind ctxnotify's suggested
// fix: wrapping a statement in an if block where it stands, or putting a
// guard clause before it, and adding imports the way gofmt and goimports
// keep them. It knows nothing of the rule; the analyzer decides which
// form applies and in which check. Its edits are exact text: the drivers
// apply them without a formatting pass, so each one must already be
// gofmt's layout.
package refactor
