package analyzer_test

import (
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
