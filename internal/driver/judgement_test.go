package driver

import (
	"go/token"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
)

func TestJudgementCalls(t *testing.T) {
	fset := token.NewFileSet()
	file := fset.AddFile("/src/controller/bucket.go", -1, 1000)
	file.SetLinesForContent([]byte(strings.Repeat("x\n", 500)))
	applied := []analysis.Diagnostic{
		{Pos: file.LineStart(10), Category: analyzer.CategoryWarning, Message: `event "ArtifactVerificationFailed" emitted by r.Eventf is not guarded ...`},
		{Pos: file.LineStart(20), Category: analyzer.CategoryWarning, Message: `event "ReconciliationFailed" emitted by r.Eventf is not guarded ...`},
		{Pos: file.LineStart(30), Category: analyzer.CategoryNormal, Message: `event "SignatureChecked" emitted by r.Eventf is not guarded ...`},
	}
	rs := []*analyzer.Review{{
		Unguarded: []analyzer.ReviewPlace{{Name: "InventoryBuildFailed", Func: "observeInventory", File: "/src/controller/helm.go", Line: 42}},
		Own:       []analyzer.ReviewPlace{{Name: "Reconciler.interrupt", File: "/src/controller/helm.go", Line: 7}},
	}}
	var b strings.Builder
	if err := judgementCalls(&b, fset, applied, rs); err != nil {
		t.Fatal(err)
	}
	want := `
Judgement calls:
- Warnings about integrity or verification are skipped at shutdown too, like every event the change guards: ArtifactVerificationFailed (bucket.go:10).
- Left unguarded, because no context reaches them (their functions take none, and nothing that has one calls them): InventoryBuildFailed in observeInventory (helm.go:42). They still notify at shutdown; passing the reconcile context down to them would let them check it.
- The code keeps contexts or cancel functions of its own: Reconciler.interrupt (helm.go:7). Where the reconcile context derives from one of them, cancelling it skips the events as a shutdown does.

Tests a reviewer will ask for:
- a reconciliation whose context is canceled (context.Canceled) sends none of the events this change guards;
- one whose context times out (context.DeadlineExceeded) still sends them all;
- one that nothing interrupts sends the events it sent before;
- one interrupted through a context of the code's own (above) sends what you decide it should.
`
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}

	b.Reset()
	if err := judgementCalls(&b, fset, applied[1:2], nil); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "Judgement calls") || !strings.Contains(b.String(), "one that nothing interrupts sends the events it sent before.\n") {
		t.Errorf("without judgement calls, got:\n%s", b.String())
	}
}
