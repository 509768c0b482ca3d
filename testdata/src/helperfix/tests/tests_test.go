package tests

import (
	"context"
	"errors"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
)

func TestFailure(t *testing.T) {
	rec := record.NewFakeRecorder(1)
	r := &Reconciler{recorder: rec}
	r.failure(&corev1.ConfigMap{}, errors.New("boom"))
	if len(rec.Events) != 1 {
		t.Fatal("no event")
	}
}

func checkFailure(ctx context.Context, r *Reconciler) {
	r.failure(&corev1.ConfigMap{}, ctx.Err())
}
