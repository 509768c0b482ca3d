// A stub module of github.com/fluxcd/pkg/runtime v0.117, where events.Recorder
// is an interface over the events.k8s.io/v1 recorders.
module github.com/fluxcd/pkg/runtime

go 1.26.0
