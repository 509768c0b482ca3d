module example.com/ctxnotify

go 1.26.0

require k8s.io/client-go v0.36.6

// The stand-in recorder of the other test module.
replace k8s.io/client-go => ../module/stub/client-go
