// A stub module: the module-mode catalogue in testdata/eventsv1 replaces the
// real one with it. GOPATH mode ignores this file.
module sigs.k8s.io/controller-runtime

go 1.26.0
