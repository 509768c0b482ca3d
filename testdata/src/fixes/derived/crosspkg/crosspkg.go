package crosspkg // want package:"reachesSinks"

// The seed issue's shape across packages: the deferred literal hands the
// shared package's helpers a context the code has cancelled.

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"

	"fixes/derived/report"
)

type R struct {
	rec     record.EventRecorder
	timeout time.Duration
}

func (r *R) fetch(ctx context.Context, obj *corev1.ConfigMap) error { return nil }

func (r *R) Reconcile(ctx context.Context, obj *corev1.ConfigMap) (retErr error) {
	defer func() {
		if retErr != nil {
			report.Failed(ctx, r.rec, obj, retErr) // want `report\.Failed\(ctx, r\.rec, obj, retErr\) hands Failed a context that the code has cancelled \(context\.WithTimeout at line 31\) on every path to the call: Failed checks it before its events`
			return
		}
		report.Ready(ctx, r.rec, obj) // want `report\.Ready\(ctx, r\.rec, obj\) hands Ready a context that the code has cancelled \(context\.WithTimeout at line 31\) on every path to the call: the check that the fix adds to Ready tests it before its events`
	}()
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	return r.fetch(ctx, obj)
}
