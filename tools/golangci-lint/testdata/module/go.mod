module example.com/e2e

go 1.26.0

require (
	k8s.io/apimachinery v0.36.6
	k8s.io/client-go v0.36.6
)

// Stand-ins for the recorder interface and the object it takes, so the
// module builds offline and fast.
replace (
	k8s.io/apimachinery => ./stub/apimachinery
	k8s.io/client-go => ./stub/client-go
)
