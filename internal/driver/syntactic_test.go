package driver

import (
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"slices"
	"testing"
)

// TestSyntacticEmitters checks the syntactic test for emitters: which
// exported functions and methods of a file may emit.
func TestSyntacticEmitters(t *testing.T) {
	const src = `package p

import (
	stdctx "context"

	rt "k8s.io/apimachinery/pkg/runtime"
)

type Recorder struct{ inner Inner }

// A recorder method's name and parameter list: a sink itself.
func (r Recorder) Eventf(obj rt.Object, eventtype, reason, messageFmt string, args ...interface{}) {
	r.inner.Eventf(obj, eventtype, reason, messageFmt, args...)
}

// The same name, another parameter list: an emitter.
func (r Recorder) Event(obj rt.Object, e Event) { r.inner.Eventf(obj, e.Type, e.Reason, "%s", e.Note) }

func Warn(r Recorder, obj rt.Object) { warn(r, obj) }

func warn(r Recorder, obj rt.Object) { r.Eventf(obj, "Warning", "Failed", "failed") }

// A context parameter, spelled with the file's name for package context.
func Report(ctx stdctx.Context, r Recorder, obj rt.Object) { r.Eventf(obj, "Warning", "Failed", "failed") }

func Later(r Recorder, obj rt.Object) func() {
	return func() { r.Event(obj, Event{}) }
}

func Generic[T any](r Recorder, obj rt.Object) { warn(r, obj) }

func Quiet(r Recorder) string { return "quiet" }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	triggers := newNames(map[string]bool{"Event": true, "Eventf": true, "AnnotatedEventf": true})
	for _, tc := range []struct {
		withContext bool
		want        []string
	}{
		{false, []string{"Event", "Generic", "Later", "Warn"}},
		{true, []string{"Event", "Generic", "Later", "Report", "Warn"}},
	} {
		got := slices.Sorted(maps.Keys(syntacticEmitters([]*ast.File{f}, triggers, tc.withContext)))
		if !slices.Equal(got, tc.want) {
			t.Errorf("withContext=%v: %q, want %q", tc.withContext, got, tc.want)
		}
	}
}
