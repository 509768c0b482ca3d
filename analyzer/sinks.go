package analyzer

import (
	"go/types"
	"slices"

	"github.com/ctxnotify/ctxnotify-lint/internal/qualname"
)

// Packages whose recorders publish events. An import of one of them
// (directly or transitively) is what makes a package worth analysing.
var sinkPackages = []string{
	"k8s.io/client-go/tools/record",
	"k8s.io/client-go/tools/internal/events", // behind the k8s.io/client-go/tools/events aliases
	"github.com/fluxcd/pkg/runtime/events",
	// Custom recorders are sinks by their method shape, which needs
	// runtime.Object.
	runtimePkg,
}

const runtimePkg = "k8s.io/apimachinery/pkg/runtime"

// sinkMethods are the recorder methods, keyed "pkgpath.Type.Method".
var sinkMethods = map[string]bool{
	"k8s.io/client-go/tools/record.EventRecorder.Event":                             true,
	"k8s.io/client-go/tools/record.EventRecorder.Eventf":                            true,
	"k8s.io/client-go/tools/record.EventRecorder.AnnotatedEventf":                   true,
	"k8s.io/client-go/tools/internal/events.EventRecorder.Eventf":                   true,
	"k8s.io/client-go/tools/internal/events.AnnotatedEventRecorder.AnnotatedEventf": true,
	"github.com/fluxcd/pkg/runtime/events.Recorder.Event":                           true,
	"github.com/fluxcd/pkg/runtime/events.Recorder.Eventf":                          true,
	"github.com/fluxcd/pkg/runtime/events.Recorder.AnnotatedEventf":                 true,
}

// param is one parameter of a recorder method: runtime.Object, or a type
// compared with types.Identical.
type param struct {
	object bool
	typ    types.Type
}

var (
	objectParam = param{object: true}
	stringParam = param{typ: types.Typ[types.String]}
	argsParam   = param{typ: types.NewSlice(types.NewInterfaceType(nil, nil))} // ...interface{}, ...any
	annotations = param{typ: types.NewMap(types.Typ[types.String], types.Typ[types.String])}
)

// sinkShape is the parameter list of a recorder method, and which
// parameter is the event's reason.
type sinkShape struct {
	params []param
	reason int
}

// sinkShapes are the recorder methods' shapes, by method name. Any method
// with a recorder method's name and parameter list is a sink: custom and
// fake recorders, wrappers, and narrowed recorder interfaces. A method that
// merely shares the name is not.
var sinkShapes = map[string][]sinkShape{
	"Event": {{[]param{objectParam, stringParam, stringParam, stringParam}, 2}},
	"Eventf": {
		{[]param{objectParam, stringParam, stringParam, stringParam, argsParam}, 2},
		{[]param{objectParam, objectParam, stringParam, stringParam, stringParam, stringParam, argsParam}, 3}, // events.EventRecorder
	},
	"AnnotatedEventf": {
		{[]param{objectParam, annotations, stringParam, stringParam, stringParam, argsParam}, 3},
		{[]param{objectParam, objectParam, annotations, stringParam, stringParam, stringParam, stringParam, argsParam}, 4}, // events.AnnotatedEventRecorder
	},
}

// shapeOf returns the recorder shape of a method, if it has one.
func shapeOf(fn *types.Func) (sinkShape, bool) {
	sig := fn.Signature()
	if sig.Recv() == nil || sig.Results().Len() != 0 {
		return sinkShape{}, false
	}
	for _, shape := range sinkShapes[fn.Name()] {
		if matchesShape(sig, shape.params) {
			return shape, true
		}
	}
	return sinkShape{}, false
}

// sinks tells which functions publish events.
type sinks struct {
	configured map[string]bool // -sinks
	memo       map[*types.Func]bool
}

func newSinks(s *settings) *sinks {
	return &sinks{configured: s.sinks, memo: make(map[*types.Func]bool)}
}

// isSink reports whether calling fn publishes an event.
func (sk *sinks) isSink(fn *types.Func) bool {
	if v, ok := sk.memo[fn]; ok {
		return v
	}
	key := qualifiedName(fn)
	_, shaped := shapeOf(fn)
	v := sinkMethods[key] || sk.configured[key] || shaped
	sk.memo[fn] = v
	return v
}

func matchesShape(sig *types.Signature, shape []param) bool {
	params := sig.Params()
	if params.Len() != len(shape) || sig.Variadic() != (shape[len(shape)-1] == argsParam) {
		return false
	}
	for i, want := range shape {
		t := params.At(i).Type()
		if want.object {
			if !isNamed(t, runtimePkg, "Object") {
				return false
			}
		} else if !types.Identical(t, want.typ) {
			return false
		}
	}
	return true
}

// isNamed reports whether t is the named type pkgPath.name (through
// aliases).
func isNamed(t types.Type, pkgPath, name string) bool {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	obj := named.Origin().Obj()
	return obj.Pkg() != nil && obj.Pkg().Path() == pkgPath && obj.Name() == name
}

// declaresSinks reports whether the package at path declares sinks.
func declaresSinks(path string, s *settings) bool {
	if slices.Contains(sinkPackages, path) {
		return true
	}
	for name := range s.sinks {
		if _, ok := qualname.In(name, path); ok {
			return true
		}
	}
	return false
}

// qualifiedName names a function "pkgpath.Func" and a method
// "pkgpath.Type.Method", the form of the -sinks, -guards and -roots flags.
func qualifiedName(fn *types.Func) string {
	if fn.Pkg() == nil {
		return fn.Name()
	}
	if recv := fn.Signature().Recv(); recv != nil {
		t := types.Unalias(recv.Type())
		if p, ok := t.(*types.Pointer); ok {
			t = types.Unalias(p.Elem())
		}
		if named, ok := t.(*types.Named); ok {
			obj := named.Origin().Obj()
			return obj.Pkg().Path() + "." + obj.Name() + "." + fn.Name()
		}
	}
	return fn.Pkg().Path() + "." + fn.Name()
}
