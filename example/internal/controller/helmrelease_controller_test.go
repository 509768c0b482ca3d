package controller

import (
	"context"
	"errors"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"

	v1 "example.com/controllers/api/v1"
)

func TestReportStall(t *testing.T) {
	rec := record.NewFakeRecorder(2)
	r := &HelmReleaseReconciler{Recorder: rec}
	obj := &v1.HelmRelease{}
	obj.Name = "podinfo"
	obj.Status.Failures = maxFailures

	// Call sites in test files never count: reportStall stays guarded.
	r.reportStall(context.Background(), obj, errors.New("boom")) // guarded: test file
	rec.Eventf(obj, corev1.EventTypeNormal, "Test", "done")      // guarded: test file

	got := <-rec.Events
	if !strings.Contains(got, "RetriesExhausted") {
		t.Errorf("event = %q, want a RetriesExhausted event", got)
	}
}
