module example.com/ctxnotify

go 1.26.0

require (
	k8s.io/apimachinery v0.36.6
	k8s.io/client-go v0.36.6
)

// The stand-in recorder of the other test module, and the object it takes.
replace (
	k8s.io/apimachinery => ../module/stub/apimachinery
	k8s.io/client-go => ../module/stub/client-go
)
