package noimport

import "k8s.io/client-go/tools/record"

var errors = 1

type R struct{ rec record.EventRecorder }

func (r *R) Run(ctx contextAlias) {
	r.rec.Event(nil, "Warning", "Run", "x") // want `event "Run" emitted by r\.rec\.Event is not guarded`
}
