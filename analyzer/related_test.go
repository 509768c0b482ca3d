package analyzer_test

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// checkRelated checks the explanations attached to findings: the chain of
// an emitter call down to the sink, and the checks that guard only some
// paths.
func checkRelated(t *testing.T, results []*analysistest.Result) {
	related := func(pkg, msgPart string) []analysis.RelatedInformation {
		for _, d := range resultOf(t, results, pkg).Diagnostics {
			if strings.Contains(d.Message, msgPart) {
				return d.Related
			}
		}
		t.Fatalf("%s: no diagnostic containing %q", pkg, msgPart)
		return nil
	}
	want := func(got []analysis.RelatedInformation, parts ...string) {
		t.Helper()
		if len(got) != len(parts) {
			t.Errorf("%d related entries, want %d: %+v", len(got), len(parts), got)
			return
		}
		for i, p := range parts {
			if !strings.Contains(got[i].Message, p) {
				t.Errorf("related[%d] = %q, want it to contain %q", i, got[i].Message, p)
			}
		}
	}

	// A two-step chain within the package: relay -> Notify -> sink.
	want(related("emitters", "r.relay(\"Failed\") emits"),
		"relay emits here", "Notify emits here")
	// An emitter of another package: the rest of the chain comes from its fact.
	cross := related("crosspkg/controller", "notify.Warn(")
	want(cross, "Warn emits: it calls Record at notify.go:17, which calls rec.Eventf at notify.go:12")
	// It points at the start of Warn's line, the position that go vet,
	// which reads the package from export data, knows too.
	if posn := resultOf(t, results, "crosspkg/controller").Pass.Fset.Position(cross[0].Pos); filepath.Base(posn.Filename) != "notify.go" || posn.Line != 16 || posn.Column != 1 {
		t.Errorf("the step into notify.Warn is at %s, want notify.go:16:1", posn)
	}
	// A check that covers one path to the event but not the other.
	want(related("guards", `event "Partial" `),
		"this cancellation check guards some paths to the event, not all of them")
	// Checks that are on no path to the event, or whose both outcomes
	// reach it, are not named.
	want(related("guards", `event "InsideErrNil" `))
	want(related("guards", `event "CheckAfterEvent" `),
		"this cancellation check guards some paths to the event, not all of them")
}
