// Package recorders is the one table of what publishes a Kubernetes event:
// the recorder packages, the recorder methods of both event APIs, their
// parameter lists, and which argument is the event's type and which its
// reason. The analyzer matches it against types; the standalone driver's
// syntactic pre-selection of dependencies reads the same table.
package recorders

import (
	"go/types"
	"slices"

	"github.com/ctxnotify/ctxnotify-lint/internal/namedtype"
)

// RuntimePackage declares runtime.Object, the first parameter of every
// recorder method: custom recorders are recorders by their shape, so an
// import of it is what makes a package worth analysing.
const RuntimePackage = "k8s.io/apimachinery/pkg/runtime"

// Packages declare the recorders that publish events.
var Packages = []string{
	"k8s.io/client-go/tools/record",
	"k8s.io/client-go/tools/internal/events", // behind the k8s.io/client-go/tools/events aliases
	"github.com/fluxcd/pkg/runtime/events",
	RuntimePackage,
}

// Known are the recorder methods of those packages, "pkgpath.Type.Method".
// They are sinks by name, also where type errors spoil their parameters'
// types; every other sink is one by its shape.
var Known = []string{
	"k8s.io/client-go/tools/record.EventRecorder.Event",
	"k8s.io/client-go/tools/record.EventRecorder.Eventf",
	"k8s.io/client-go/tools/record.EventRecorder.AnnotatedEventf",
	"k8s.io/client-go/tools/internal/events.EventRecorder.Eventf",
	"k8s.io/client-go/tools/internal/events.AnnotatedEventRecorder.AnnotatedEventf",
	"github.com/fluxcd/pkg/runtime/events.Recorder.Event",
	"github.com/fluxcd/pkg/runtime/events.Recorder.Eventf",
	"github.com/fluxcd/pkg/runtime/events.Recorder.AnnotatedEventf",
}

// Param is the type of one parameter of a recorder method.
type Param uint8

const (
	Object      Param = iota // k8s.io/apimachinery/pkg/runtime.Object
	String                   // string
	Annotations              // map[string]string
	Args                     // ...interface{} (or ...any), always last
)

// API is one of the two Kubernetes event APIs.
type API uint8

const (
	CoreV1   API = iota // k8s.io/client-go/tools/record
	EventsV1            // k8s.io/client-go/tools/events (events.k8s.io/v1)
)

// Shape is the parameter list of a recorder method, and the positions of
// the event's type and reason among its arguments.
type Shape struct {
	API    API
	Params []Param
	Type   int // eventtype: Normal, Warning, or Flux's Trace
	Reason int
}

// Shapes are the recorder methods' shapes, by method name: a method with
// one of these names and parameter lists, and no results, is a sink on
// any type. The position of the type is the one before the reason in
// every shape.
var Shapes = map[string][]Shape{
	"Event": {
		{CoreV1, []Param{Object, String, String, String}, 1, 2},
	},
	"Eventf": {
		{CoreV1, []Param{Object, String, String, String, Args}, 1, 2},
		{EventsV1, []Param{Object, Object, String, String, String, String, Args}, 2, 3},
	},
	"AnnotatedEventf": {
		{CoreV1, []Param{Object, Annotations, String, String, String, Args}, 2, 3},
		{EventsV1, []Param{Object, Object, Annotations, String, String, String, String, Args}, 3, 4},
	},
}

// Names returns the recorder methods' names, sorted.
func Names() []string {
	var names []string
	for name := range Shapes {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// IsKnown reports whether the method named "pkgpath.Type.Method" is one of
// Known.
func IsKnown(name string) bool { return slices.Contains(Known, name) }

// ShapeOf returns the shape of a method that has a recorder method's name,
// one of its parameter lists (compared as types: ...any and ...interface{}
// are the same) and no results.
func ShapeOf(fn *types.Func) (Shape, bool) {
	sig := fn.Signature()
	if sig.Recv() == nil || sig.Results().Len() != 0 {
		return Shape{}, false
	}
	for _, shape := range Shapes[fn.Name()] {
		if matches(sig, shape.Params) {
			return shape, true
		}
	}
	return Shape{}, false
}

var (
	stringType      = types.Typ[types.String]
	annotationsType = types.NewMap(stringType, stringType)
	argsType        = types.NewSlice(types.NewInterfaceType(nil, nil))
)

func matches(sig *types.Signature, shape []Param) bool {
	params := sig.Params()
	if params.Len() != len(shape) || sig.Variadic() != (shape[len(shape)-1] == Args) {
		return false
	}
	for i, want := range shape {
		t := params.At(i).Type()
		var ok bool
		switch want {
		case Object:
			ok = IsObject(t)
		case String:
			ok = types.Identical(t, stringType)
		case Annotations:
			ok = types.Identical(t, annotationsType)
		case Args:
			ok = types.Identical(t, argsType)
		}
		if !ok {
			return false
		}
	}
	return true
}

// IsObject reports whether t is runtime.Object (through aliases).
func IsObject(t types.Type) bool { return namedtype.Is(t, RuntimePackage, "Object") }
