module example.com/provider-sdk

go 1.26.0

require (
	k8s.io/api v0.35.1
	k8s.io/apimachinery v0.35.1
	k8s.io/client-go v0.35.1
)
