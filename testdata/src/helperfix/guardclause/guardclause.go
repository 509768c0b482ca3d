package guardclause // want package:"reachesSinks" package:`checks\(Upgrade\.Reconcile\[fix 0\]\)`

// A helm-style action reconciler whose helpers end with their event:
// success notes a recovery through recovered, records the revision, then
// emits; recovered and failure emit last too. The fix at their depth puts
// a guard clause right before each event, so the multi-line calls keep
// their lines. warn logs after its event, so its check stays a wrap.

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Upgrade struct {
	client.Client
	recorder record.EventRecorder
	log      func(string)
}

func (r *Upgrade) Reconcile(ctx context.Context, obj *corev1.ConfigMap, revision string) {
	if err := r.Update(ctx, obj); err != nil {
		r.failure(obj, err) // want `r.failure\(obj, err\) emits an event`
		return
	}
	if obj.Labels["revision"] == revision {
		r.warn(obj, "no change") // want `r.warn\(obj, "no change"\) emits an event`
	}
	r.success(obj, revision) // want `r.success\(obj, revision\) emits an event`
}

// failure counts the failure, then tells users.
func (r *Upgrade) failure(obj *corev1.ConfigMap, err error) { // want failure:`emitter`
	obj.Labels["failures"] += "x"
	r.recorder.AnnotatedEventf(
		obj,
		map[string]string{"revision": obj.Labels["revision"]},
		corev1.EventTypeWarning,
		"UpgradeFailed",
		"upgrade failed: %s",
		err,
	)
}

// success notes a recovery, records the revision, then tells users.
func (r *Upgrade) success(obj *corev1.ConfigMap, revision string) { // want success:`emitter`
	if obj.Labels["failures"] != "" {
		r.recovered(obj)
	}
	obj.Labels["revision"] = revision
	r.recorder.AnnotatedEventf(
		obj,
		map[string]string{"revision": revision},
		corev1.EventTypeNormal,
		"UpgradeSucceeded",
		"upgraded to revision %s",
		revision,
	)
}

func (r *Upgrade) recovered(obj *corev1.ConfigMap) { // want recovered:`emitter`
	delete(obj.Labels, "failures")
	// Recovery is news even without a change.
	r.recorder.Event(obj, corev1.EventTypeNormal, "Recovered", "the release recovered")
}

// warn emits, then logs: the wrap.
func (r *Upgrade) warn(obj *corev1.ConfigMap, msg string) { // want warn:`emitter`
	r.recorder.Event(obj, corev1.EventTypeWarning, "UpgradeSkipped", msg)
	r.log(msg)
}
