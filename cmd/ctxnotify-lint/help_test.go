package main

import (
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// TestHelpPrintsTheRule: "help ctxnotify" prints the whole rule of
// analyzer/doc.go, every section to the last, as x/tools' passes print
// their doc section: the summary, the flags, then the rest.
func TestHelpPrintsTheRule(t *testing.T) {
	t.Parallel()
	r := testkit.Run(t, t.TempDir(), testkit.Command(t), "help", "ctxnotify")
	if r.Code != 0 {
		t.Fatalf("help ctxnotify: exit code %d\n%s", r.Code, r.Output)
	}
	summary, rest, _ := strings.Cut(analyzer.Analyzer.Doc, "\n\n")
	if !strings.HasPrefix(r.Stdout, "ctxnotify: "+summary+"\n") {
		t.Errorf("help ctxnotify does not start with the summary:\n%s", r.Stdout)
	}
	if !strings.HasSuffix(r.Stdout, "\n"+rest+"\n") {
		t.Errorf("help ctxnotify does not end with the rule's %d lines after the summary; it prints %d lines:\n%s",
			strings.Count(rest, "\n")+1, strings.Count(r.Stdout, "\n"), r.Stdout)
	}
	for _, heading := range []string{"# Sinks", "# Scope", "# Suppressing a finding", "# The suggested fix", "# Cost"} {
		if !strings.Contains(r.Stdout, "\n"+heading+"\n") {
			t.Errorf("help ctxnotify lacks the section %q", heading)
		}
	}
}
