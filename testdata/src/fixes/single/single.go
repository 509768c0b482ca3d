package single // want package:"reachesSinks" package:`checks\(R\.Reconcile\[fix 0\]\)`

import "context"

import "k8s.io/client-go/tools/record"

type R struct{ rec record.EventRecorder }

func (r *R) Reconcile(ctx context.Context) {
	r.rec.Event(nil, "Warning", "Reconcile", "x") // want `event "Reconcile" emitted by r\.rec\.Event is not guarded`
}
