package driver

import (
	"go/token"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
)

func TestDescribe(t *testing.T) {
	fset := token.NewFileSet()
	file := fset.AddFile("/src/controller/repo.go", -1, 1000)
	file.SetLinesForContent([]byte(strings.Repeat("x\n", 500)))
	at := func(line int) token.Pos { return file.LineStart(line) }
	applied := []analysis.Diagnostic{
		{Pos: at(10), Category: analyzer.CategoryWarning, Message: `event "ReconciliationFailed" emitted by r.Eventf is not guarded ...`},
		{Pos: at(20), Category: analyzer.CategoryWarning, Message: `event "ReconciliationFailed" emitted by r.Eventf is not guarded ...`},
		{Pos: at(30), Category: analyzer.CategoryWarning, Message: `r.failure(obj, err) emits an event (r.Eventf at repo.go:99) without ...`},
		{Pos: at(40), Category: analyzer.CategoryNormal, Message: `event "Ready" emitted by r.Eventf is not guarded ...`},
		{Pos: at(50), Category: analyzer.CategoryNormalSaved, Message: `event "ArtifactStored" emitted by r.Eventf is not guarded ...`},
		{Pos: at(60), Category: analyzer.CategoryNotification, Message: `event emitted by r.Recorder.AnnotatedEventf(obj, nil, …) is not guarded ...`},
		{Pos: at(70), Category: analyzer.CategoryHandoff, Message: `r.notify(ctx, obj) hands notify a context that the code has cancelled ...`},
	}
	var b strings.Builder
	if err := describe(&b, fset, applied); err != nil {
		t.Fatal(err)
	}
	want := "This change skips 6 events when the reconcile context has been cancelled, as it is when the controller shuts down, in 1 file." +
		" Warnings that were false alarms at every rollout: ReconciliationFailed ×2, r.failure." +
		" Events about reconciliations that shutdown cut short: Ready." +
		" Events about reconciliations that shutdown cut short, whose status is saved all the same: ArtifactStored." +
		" Events of a type decided at run time: r.Recorder.AnnotatedEventf." +
		" 1 call no longer hands a context the code has cancelled to a check, which dropped every event: the derived context has a name of its own." +
		" Note: the status of this function is saved under a context that shutdown does not cancel, so at shutdown the status records the success, and only its event is skipped: ArtifactStored (repo.go:50)." +
		" Timeouts (context.DeadlineExceeded) still notify.\n"
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
}
