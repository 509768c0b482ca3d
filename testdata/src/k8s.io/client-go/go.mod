// A stub module: the module-mode catalogue in testdata/eventsv1 replaces the
// real one with it. GOPATH mode ignores this file.
module k8s.io/client-go

go 1.26.0
