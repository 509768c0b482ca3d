// Package pager pages the on-call engineer. Its Page is an event sink only
// when the configuration names it as one.
package pager

// Page sends a page.
func Page(msg string) { _ = msg }
