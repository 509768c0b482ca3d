package main

import (
	"flag"
	"io"
	"slices"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
	"github.com/ctxnotify/ctxnotify-lint/internal/driver"
)

// TestSameAsCtxnotify: the floor requires every pass ctxnotify requires,
// declares no facts, and takes ctxnotify's flags, bound to ctxnotify's
// values, so that the command line of a measurement of the command is one
// of the floor too.
func TestSameAsCtxnotify(t *testing.T) {
	for _, r := range analyzer.Analyzer.Requires {
		if !slices.Contains(null.Requires, r) {
			t.Errorf("the floor does not require %s", r.Name)
		}
	}
	if len(null.FactTypes) > 0 {
		t.Errorf("the floor declares facts: %v", null.FactTypes)
	}
	analyzer.Analyzer.Flags.VisitAll(func(f *flag.Flag) {
		if g := null.Flags.Lookup(f.Name); g == nil || g.Value != f.Value {
			t.Errorf("the floor's -%s is not ctxnotify's", f.Name)
		}
	})
	args := []string{"-ctxnotify.sinks=example.com/events.Notify", "-ctxnotify.scope=reconcile", "./..."}
	if _, err := driver.ParseArgs(null, args, io.Discard); err != nil {
		t.Errorf("the floor refuses %q: %v", args, err)
	}
	if c := analyzer.FlagConfig(); c.Scope != "reconcile" || !slices.Equal(c.Sinks, []string{"example.com/events.Notify"}) {
		t.Errorf("the floor's flags set %+v, not ctxnotify's settings", c)
	}
}
