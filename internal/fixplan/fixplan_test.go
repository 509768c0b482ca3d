package fixplan

import (
	"os/exec"
	"strings"
	"testing"
)

// TestBelowTheAnalyzer: fix planning reads the call graph, the dataflows
// and detection's answers through Detection; it never imports the
// analyzer, which imports it.
func TestBelowTheAnalyzer(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasSuffix(dep, "/ctxnotify-lint/analyzer") {
			t.Errorf("internal/fixplan depends on %s", dep)
		}
	}
}

// TestCheckText: the check a message quotes is the one a fix writes in a
// file that imports errors and context under their own names.
func TestCheckText(t *testing.T) {
	if got, want := CheckText("ctx"), "errors.Is(ctx.Err(), context.Canceled)"; got != want {
		t.Errorf("CheckText(ctx) = %q, want %q", got, want)
	}
	sp := spelling{errorsQual: "stderrors.", contextQual: ""}
	if got, want := sp.cancelled("scanCtx"), "stderrors.Is(scanCtx.Err(), Canceled)"; got != want {
		t.Errorf("a file's spelling: %q, want %q", got, want)
	}
}
