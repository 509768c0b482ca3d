package analyzer_test

import (
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
)

// TestFrameworkFacts pins the facts of the frameworks' recorder packages
// (stubs with the real paths and signatures), written beside their
// declarations: exactly the interface methods whose implementations emit,
// and those implementations. argo-rollouts' Eventf and Warnf reach the
// recorder only through a function field: no emitter methods.
func TestFrameworkFacts(t *testing.T) {
	analysistest.Run(t, testdata, analyzer.Analyzer,
		"github.com/crossplane/crossplane-runtime/pkg/event",
		"sigs.k8s.io/karpenter/pkg/events",
		"github.com/argoproj/argo-rollouts/utils/record")
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
