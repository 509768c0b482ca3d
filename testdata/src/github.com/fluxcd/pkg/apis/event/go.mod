// A stub module: the module-mode catalogue in testdata/eventsv1 replaces the
// real one with it. GOPATH mode ignores this file.
module github.com/fluxcd/pkg/apis/event

go 1.26.0
