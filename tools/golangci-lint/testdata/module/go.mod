module example.com/e2e

go 1.26.0

require k8s.io/client-go v0.36.6

// A stand-in for the recorder interface, so the module builds offline and fast.
replace k8s.io/client-go => ./stub/client-go
