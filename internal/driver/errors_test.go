package driver

import (
	"bytes"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// brokenModule is depsModule with a package that does not type-check,
// app/broken, which app/uses imports.
var brokenModule = func() map[string]string {
	m := maps.Clone(depsModule)
	m["app/broken/broken.go"] = `package broken

import (
	"context"

	"example.com/lib/record"
	"k8s.io/apimachinery/pkg/runtime"
)

// Bucket's generated code is missing: it is no runtime.Object.
type Bucket struct{}

func Reconcile(ctx context.Context, rec record.EventRecorder, b *Bucket) {
	rec.Eventf(b, "Warning", "Failed", "failed")
}

// Warn emits.
func Warn(rec record.EventRecorder, obj runtime.Object) {
	rec.Eventf(obj, "Warning", "Failed", "failed")
}
`
	m["app/uses/uses.go"] = `package uses

import (
	"context"

	"example.com/app/app/broken"
	"example.com/lib/record"
	"k8s.io/apimachinery/pkg/runtime"
)

func Reconcile(ctx context.Context, rec record.EventRecorder, obj runtime.Object) {
	broken.Warn(rec, obj)
}
`
	return m
}()

// TestBrokenPackage checks that a package that does not type-check is
// analysed, and the package that imports it too: their findings are
// printed, one line says which package has errors, and the exit code is
// 1, with -fix too.
func TestBrokenPackage(t *testing.T) {
	t.Parallel()
	dir := testkit.WriteModule(t, brokenModule)
	for _, fix := range []bool{false, true} {
		var stdout, stderr bytes.Buffer
		code := Run(analyzer.Analyzer, Options{Enabled: true, Dir: dir, Context: -1, Fix: fix, Diff: fix}, []string{"./app/broken", "./app/uses"}, &stdout, &stderr)
		if code != 1 {
			t.Errorf("-fix=%v: exit code %d, want 1\n%s", fix, code, stderr.String())
		}
		found, other := testkit.ParseFindings(t, dir, stderr.String())
		var at []string
		for _, f := range found {
			at = append(at, f.At()+" "+f.Message[:min(len(f.Message), 12)])
		}
		want := []string{
			"app/broken/broken.go:14 event \"Faile",
			"app/broken/broken.go:14 cannot use b", // the type error
			"app/uses/uses.go:12 broken.Warn(",
		}
		if fix {
			want = want[1:2] // the diff is on stdout
			if !strings.Contains(stdout.String(), "+\tif errors.Is(ctx.Err(), context.Canceled) {\n+\t\treturn\n+\t}\n \tbroken.Warn(rec, obj)") {
				t.Errorf("-fix -diff: no fix of uses.go:\n%s", stdout.String())
			}
		}
		if !slices.Equal(at, want) {
			t.Errorf("-fix=%v: printed\n%s\nwant\n%s", fix, strings.Join(at, "\n"), strings.Join(want, "\n"))
		}
		note := "example.com/app/app/broken has errors: analysed as far as its types go, its findings may be incomplete"
		if len(other) != 1 || !strings.HasSuffix(other[0], note) {
			t.Errorf("-fix=%v: other output %q, want one line ending in %q", fix, other, note)
		}
	}
}
