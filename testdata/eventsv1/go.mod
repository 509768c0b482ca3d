// The catalogue of a code base on Flux's runtime v0.117 and client-go v0.37,
// in module mode: its github.com/fluxcd/pkg/runtime/events is the interface
// over the events.k8s.io/v1 recorders, while ../src keeps the struct of
// v0.111 and earlier at the same import path. Every module is a stub.
module eventsv1

go 1.26.0

require (
	github.com/fluxcd/pkg/apis/event v0.30.0
	github.com/fluxcd/pkg/runtime v0.117.0
	github.com/go-logr/logr v1.4.3
	k8s.io/api v0.37.2
	k8s.io/apimachinery v0.37.2
	k8s.io/client-go v0.37.2
	k8s.io/klog/v2 v2.140.0
	sigs.k8s.io/controller-runtime v0.25.2
)

replace (
	github.com/fluxcd/pkg/apis/event => ../src/github.com/fluxcd/pkg/apis/event
	github.com/fluxcd/pkg/runtime => ./fluxcd/pkg/runtime
	github.com/go-logr/logr => ../src/github.com/go-logr/logr
	k8s.io/api => ../src/k8s.io/api
	k8s.io/apimachinery => ../src/k8s.io/apimachinery
	k8s.io/client-go => ../src/k8s.io/client-go
	k8s.io/klog/v2 => ../src/k8s.io/klog/v2
	sigs.k8s.io/controller-runtime => ../src/sigs.k8s.io/controller-runtime
)
