package analyzer_test

import (
	"fmt"
	"go/types"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
)

// TestInterfaceSinks: the sinks entries that docs/frameworks.md gives for
// argo-rollouts' recorder (behind a function field) and for an interface
// implemented only in another package make calls through them sinks.
func TestInterfaceSinks(t *testing.T) {
	a := newAnalyzer(t, analyzer.Config{Sinks: []string{
		"github.com/argoproj/argo-rollouts/utils/record.EventRecorder.Eventf",
		"github.com/argoproj/argo-rollouts/utils/record.EventRecorder.Warnf",
		"ifaces/remote.Sender.Send",
	}})
	analysistest.Run(t, testdata, a, "ifaces/argo")
}

// TestFrameworkFacts pins the emitter facts of the frameworks' recorder
// packages (stubs with the real paths and signatures): exactly the
// interface methods whose implementations emit, and those
// implementations.
func TestFrameworkFacts(t *testing.T) {
	const (
		crossplane = "github.com/crossplane/crossplane-runtime/pkg/event"
		karpenter  = "sigs.k8s.io/karpenter/pkg/events"
		argo       = "github.com/argoproj/argo-rollouts/utils/record"
	)
	want := map[string][]string{
		crossplane: {
			"APIRecorder.Event: emitter(r.kube.AnnotatedEventf@event.go:71)",
			"Recorder.Event: emitter(APIRecorder.Event -> r.kube.AnnotatedEventf@event.go:71)",
		},
		karpenter: {
			"Recorder.Publish: emitter(recorder.Publish -> r.publishEvent@recorder.go:72 -> r.rec.Event@recorder.go:90)",
			"recorder.Publish: emitter(r.publishEvent@recorder.go:72 -> r.rec.Event@recorder.go:90)",
			"recorder.publishEvent: emitter(r.rec.Event@recorder.go:90)",
		},
		// Eventf and Warnf reach the recorder only through a function
		// field: no emitter methods.
		argo: {
			"EventRecorderAdapter.defaultEventf: emitter(e.Recorder.Eventf@record.go:54)",
		},
	}
	// The stubs hold no expectations: the run reports each fact as
	// unexpected, which this test reads instead.
	results := analysistest.Run(&recorder{}, testdata, analyzer.Analyzer, crossplane, karpenter, argo)
	for _, r := range results {
		path := r.Pass.Pkg.Path()
		if r.Err != nil {
			t.Fatalf("%s: %v", path, r.Err)
		}
		var got []string
		for obj, facts := range r.Facts {
			for _, f := range facts {
				if obj != nil {
					got = append(got, methodName(obj)+": "+fmt.Sprint(f))
				}
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, want[path]) {
			t.Errorf("%s: facts\n\t%s\nwant\n\t%s", path, strings.Join(got, "\n\t"), strings.Join(want[path], "\n\t"))
		}
	}
	if len(results) != len(want) {
		t.Errorf("%d results, want %d", len(results), len(want))
	}
}

// methodName names a function "Func" and a method "Type.Method".
func methodName(obj types.Object) string {
	fn, ok := obj.(*types.Func)
	if !ok || fn.Signature().Recv() == nil {
		return obj.Name()
	}
	t := fn.Signature().Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if named, ok := t.(*types.Named); ok {
		return named.Obj().Name() + "." + fn.Name()
	}
	return fn.Name()
}
