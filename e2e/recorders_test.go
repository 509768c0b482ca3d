package e2e

import (
	"go/types"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/ctxnotify/ctxnotify-lint/internal/recorders"
	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// TestRecorderSignatures checks the sink table against the real recorder
// APIs the example module requires (client-go v0.37.2, controller-runtime
// v0.25.2, Flux's runtime v0.117.0): every recorder method there has a
// shape of the table, its event type and reason parameters are named
// eventtype and reason (in any case) where the table puts them, and every
// method the
// table knows by name that these versions declare has a shape.
func TestRecorderSignatures(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the example module's dependencies")
	}
	recorderTypes := map[string][]string{
		"k8s.io/client-go/tools/record":               {"EventRecorder", "EventRecorderLogger", "FakeRecorder"},
		"k8s.io/client-go/tools/events":               {"EventRecorder", "EventRecorderLogger", "AnnotatedEventRecorder", "FakeRecorder"},
		"sigs.k8s.io/controller-runtime/pkg/recorder": {"EventRecorder"},
		"github.com/fluxcd/pkg/runtime/events":        {"Recorder", "FakeRecorder"},
	}
	var paths []string
	for path := range recorderTypes {
		paths = append(paths, path)
	}
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes, Dir: e2eModule(t)}
	pkgs, err := packages.Load(cfg, paths...)
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 || len(pkgs) != len(paths) {
		t.Fatalf("loaded %d of %d recorder packages", len(pkgs), len(paths))
	}
	shapes := 0
	known := make(map[string]bool)
	for _, pkg := range pkgs {
		for _, typeName := range recorderTypes[pkg.PkgPath] {
			obj := pkg.Types.Scope().Lookup(typeName)
			if obj == nil {
				t.Errorf("%s declares no %s", pkg.PkgPath, typeName)
				continue
			}
			mset := types.NewMethodSet(types.NewPointer(obj.Type()))
			if types.IsInterface(obj.Type()) {
				mset = types.NewMethodSet(obj.Type())
			}
			found := 0
			for sel := range mset.Methods() {
				fn := sel.Obj().(*types.Func)
				if _, ok := recorders.Shapes[fn.Name()]; !ok {
					continue
				}
				found++
				where := pkg.PkgPath + "." + typeName + "." + fn.Name()
				shape, ok := recorders.ShapeOf(fn)
				if !ok {
					t.Errorf("%s%s matches no shape of the table", where, strings.TrimPrefix(fn.Signature().String(), "func"))
					continue
				}
				shapes++
				params := fn.Signature().Params()
				if got := params.At(shape.Type).Name(); !strings.EqualFold(got, "eventtype") {
					t.Errorf("%s: parameter %d (the table's event type) is %q, want eventtype", where, shape.Type, got)
				}
				if got := params.At(shape.Reason).Name(); !strings.EqualFold(got, "reason") {
					t.Errorf("%s: parameter %d (the table's reason) is %q, want reason", where, shape.Reason, got)
				}
				// The method's own declaration, through embedding and aliases.
				if name := qualifiedName(fn); recorders.IsKnown(name) {
					known[name] = true
				}
			}
			if found == 0 {
				t.Errorf("%s.%s has no recorder method", pkg.PkgPath, typeName)
			}
		}
	}
	// Flux's runtime declares Recorder as an interface since v0.113: its
	// core/v1 methods (Event, and the struct's Eventf and AnnotatedEventf)
	// are those of v0.111 and earlier, which these versions do not declare.
	for _, name := range recorders.Known {
		if !known[name] && !strings.HasPrefix(name, "github.com/fluxcd/pkg/runtime/events.Recorder.") {
			t.Errorf("the table knows %s, which no recorder of these versions declares with a shape", name)
		}
	}
	if shapes == 0 {
		t.Fatal("no recorder method checked")
	}
}

// qualifiedName names a method "pkgpath.Type.Method" by the type that
// declares it.
func qualifiedName(fn *types.Func) string {
	t := fn.Signature().Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return fn.FullName()
	}
	return named.Obj().Pkg().Path() + "." + named.Obj().Name() + "." + fn.Name()
}

// TestStubRecorders checks the stand-in of client-go's core/v1 recorder
// that the golangci-lint module's test module uses (and whose finding
// docs/golangci-lint.md shows) against the real one: each method the real
// EventRecorder has, the stub has with the same shape, so the analyzer
// reads the event's type where it reads it in client-go, and its message
// is the one a real code base gets.
func TestStubRecorders(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the example module's dependencies")
	}
	const path = "k8s.io/client-go/tools/record"
	load := func(dir string) *types.Interface {
		t.Helper()
		cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes, Dir: dir}
		pkgs, err := packages.Load(cfg, path)
		if err != nil {
			t.Fatal(err)
		}
		if packages.PrintErrors(pkgs) > 0 || len(pkgs) != 1 {
			t.Fatalf("loading %s in %s failed", path, dir)
		}
		obj := pkgs[0].Types.Scope().Lookup("EventRecorder")
		if obj == nil {
			t.Fatalf("%s in %s declares no EventRecorder", path, dir)
		}
		iface, ok := obj.Type().Underlying().(*types.Interface)
		if !ok {
			t.Fatalf("%s.EventRecorder in %s is no interface", path, dir)
		}
		return iface
	}
	real := load(e2eModule(t))
	stub := load(filepath.Join(testkit.Root(t), "tools", "golangci-lint", "testdata", "module"))
	for m := range real.Methods() {
		want, ok := recorders.ShapeOf(m)
		if !ok {
			continue
		}
		i, found := slices.BinarySearchFunc(slices.Collect(stub.Methods()), m.Name(), func(f *types.Func, name string) int { return strings.Compare(f.Name(), name) })
		if !found {
			t.Errorf("the stub's EventRecorder lacks %s", m.Name())
			continue
		}
		if got, ok := recorders.ShapeOf(stub.Method(i)); !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("the stub's EventRecorder.%s has the shape %v (%t), client-go's %v", m.Name(), got, ok, want)
		}
	}
}
