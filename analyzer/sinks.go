package analyzer

import (
	"go/types"
	"strings"
)

// Packages whose recorders publish events. An import of one of them
// (directly or transitively) is what makes a package worth analysing.
var sinkPackages = []string{
	"k8s.io/client-go/tools/record",
	"k8s.io/client-go/tools/internal/events", // behind the k8s.io/client-go/tools/events aliases
	"github.com/fluxcd/pkg/runtime/events",
}

// sinkMethods are the recorder methods, keyed "pkgpath.Type.Method".
var sinkMethods = map[string]bool{
	"k8s.io/client-go/tools/record.EventRecorder.Event":             true,
	"k8s.io/client-go/tools/record.EventRecorder.Eventf":            true,
	"k8s.io/client-go/tools/record.EventRecorder.AnnotatedEventf":   true,
	"k8s.io/client-go/tools/internal/events.EventRecorder.Eventf":   true,
	"github.com/fluxcd/pkg/runtime/events.Recorder.Event":           true,
	"github.com/fluxcd/pkg/runtime/events.Recorder.Eventf":          true,
	"github.com/fluxcd/pkg/runtime/events.Recorder.AnnotatedEventf": true,
}

// sinkShapes are the parameter lists of the recorder methods, by method
// name. Any method with a recorder method's name and parameter list is a
// sink: custom and fake recorders, wrappers, and narrowed recorder
// interfaces. A method that merely shares the name is not.
var sinkShapes = map[string][]string{
	"Event": {"(k8s.io/apimachinery/pkg/runtime.Object, string, string, string)"},
	"Eventf": {
		"(k8s.io/apimachinery/pkg/runtime.Object, string, string, string, ...interface{})",
		"(k8s.io/apimachinery/pkg/runtime.Object, k8s.io/apimachinery/pkg/runtime.Object, string, string, string, string, ...interface{})",
	},
	"AnnotatedEventf": {"(k8s.io/apimachinery/pkg/runtime.Object, map[string]string, string, string, string, ...interface{})"},
}

// isSink reports whether calling fn publishes an event.
func (a *pass) isSink(fn *types.Func) bool {
	if v, ok := a.sinkCache[fn]; ok {
		return v
	}
	key := qualifiedName(fn)
	v := sinkMethods[key] || a.settings.sinks[key] || a.hasSinkShape(fn)
	a.sinkCache[fn] = v
	return v
}

func (a *pass) hasSinkShape(fn *types.Func) bool {
	shapes, ok := sinkShapes[fn.Name()]
	if !ok || fn.Signature().Recv() == nil || fn.Signature().Results().Len() != 0 {
		return false
	}
	shape := paramShape(fn.Signature())
	for _, s := range shapes {
		if shape == s {
			return true
		}
	}
	return false
}

// paramShape writes a signature's parameter types with full package paths.
func paramShape(sig *types.Signature) string {
	var b strings.Builder
	b.WriteByte('(')
	params := sig.Params()
	for i := range params.Len() {
		if i > 0 {
			b.WriteString(", ")
		}
		t := types.Unalias(params.At(i).Type())
		if sig.Variadic() && i == params.Len()-1 {
			b.WriteString("...")
			t = types.Unalias(t.(*types.Slice).Elem())
		}
		b.WriteString(types.TypeString(t, nil))
	}
	b.WriteByte(')')
	return b.String()
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
		return fn.Pkg().Path() + "." + fn.Name()
	}
	return fn.Pkg().Path() + "." + fn.Name()
}
