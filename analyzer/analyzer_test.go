package analyzer_test

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
)

// The catalogue: one package per group of cases, run with the default
// configuration; the GOPATH tree, then the module-mode tree of a code base
// on the events.k8s.io/v1 API.
var (
	cataloguePackages = []string{
		"sinks", "guards", "contexts", "closures", "emitters", "directives",
		"crosspkg/guard", "crosspkg/notify", "crosspkg/die", "crosspkg/controller",
		"reassigned", "errorsis", "guardshapes", "booleans", "evalorder", "typeparams", "fresh/source", "fresh",
		"ifaces", "ifaces/crossplane", "ifaces/karpenter", "ifaces/remoteimpl",
		"trace/events", "trace", "requests", "eventtypes", "review",
	}
	eventsv1Packages = []string{"eventsv1/sinks", "eventsv1/notify", "eventsv1/flux", "eventsv1/trace"}
)

// TestCatalogue checks every case's expectations, then, on the same
// results, the exact messages and the related information.
func TestCatalogue(t *testing.T) {
	results := analysistest.Run(t, testdata, analyzer.Analyzer, cataloguePackages...)
	results = append(results, analysistest.Run(t, eventsv1, analyzer.Analyzer, eventsv1Packages...)...)
	t.Run("messages", func(t *testing.T) { checkMessages(t, results) })
	t.Run("related", func(t *testing.T) { checkRelated(t, results) })
	t.Run("facts", func(t *testing.T) { checkFacts(t, results) })
}

// TestConfigs runs catalogue packages under settings other than the
// default.
func TestConfigs(t *testing.T) {
	for _, tc := range []struct {
		name   string
		config analyzer.Config
		pkgs   []string
	}{
		// Reconcile code, also through calls and method values of interface
		// methods; an implementation outside reconcile code (scope/publish,
		// which has no root) is an emitter, through its interface and
		// directly alike (scope/reconciler).
		{"scope", analyzer.Config{Scope: "reconcile", Roots: []string{`^scope\.R\.Run$`}},
			[]string{"scope", "scope/publish", "scope/eventlogf", "scope/reconciler", "scope/derived"}},
		{"strict", analyzer.Config{Strict: true}, []string{"strict"}},
		{"configured", analyzer.Config{
			Sinks:  []string{"configured.Notifier.Send", "configured.Alert"},
			Guards: []string{"configured.Stopping", "!configured.Running"},
		}, []string{"configured"}},
		// -generated reports findings in generated files too (the default
		// run never reports in directives/generated.go).
		{"generated", analyzer.Config{Generated: true}, []string{"generated"}},
		// The sinks entries that docs/frameworks.md gives for argo-rollouts'
		// recorder (behind a function field) and for an interface
		// implemented only in another package make calls through them sinks.
		{"interface sinks", analyzer.Config{Sinks: []string{
			"github.com/argoproj/argo-rollouts/utils/record.EventRecorder.Eventf",
			"github.com/argoproj/argo-rollouts/utils/record.EventRecorder.Warnf",
			"ifaces/remote.Sender.Send",
		}}, []string{"ifaces/argo"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			analysistest.Run(t, testdata, newAnalyzer(t, tc.config), tc.pkgs...)
		})
	}
}

func newAnalyzer(t *testing.T, c analyzer.Config) *analysis.Analyzer {
	t.Helper()
	a, err := analyzer.New(c)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestConfigErrors(t *testing.T) {
	for _, tc := range []struct {
		config analyzer.Config
		want   string
	}{
		{analyzer.Config{Scope: "everything"}, `ctxnotify: scope: "everything" is not a scope; use "all" or "reconcile"`},
		{analyzer.Config{Roots: []string{"Reconcile("}}, `ctxnotify: roots: "Reconcile(" is not a regular expression`},
		{analyzer.Config{Sinks: []string{"Notify"}}, `ctxnotify: sinks: "Notify": want pkgpath.Func or pkgpath.Type.Method`},
		{analyzer.Config{Sinks: []string{"example.com/n.Type.1x"}}, `ctxnotify: sinks: "example.com/n.Type.1x": "1x" is not an identifier`},
		{analyzer.Config{Guards: []string{"!"}}, `ctxnotify: guards: "": want pkgpath.Func or pkgpath.Type.Method`},
	} {
		_, err := analyzer.New(tc.config)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("New(%+v) = %v, want an error starting %q", tc.config, err, tc.want)
		}
	}
	if _, err := analyzer.New(analyzer.Config{Scope: "reconcile", Sinks: []string{"example.com/notify.Send"}}); err != nil {
		t.Errorf("valid config: %v", err)
	}
}

func TestFlagErrors(t *testing.T) {
	for flag, value := range map[string]string{
		"scope":  "everything",
		"roots":  "(",
		"sinks":  "Notify",
		"guards": "a.b c",
	} {
		if err := analyzer.Analyzer.Flags.Set(flag, value); err == nil || !strings.HasPrefix(err.Error(), flag+": ") {
			t.Errorf("-%s=%s: got %v, want an error naming the flag", flag, value, err)
		}
	}
}

func TestConfiguredNameMissing(t *testing.T) {
	for _, c := range []analyzer.Config{
		{Sinks: []string{"configured.Notifier.Post"}},
		{Sinks: []string{"configured.Pager.Send"}},
		{Guards: []string{"!configured.Stoping"}},
	} {
		a := newAnalyzer(t, c)
		actions := analyze(t, testdata, a, "configured")
		if len(actions) != 1 {
			t.Errorf("%+v: %d results, want 1", c, len(actions))
			continue
		}
		if err := actions[0].Err; err == nil || !strings.Contains(err.Error(), "names nothing: package configured declares no function or method") {
			t.Errorf("%+v: got %v, want an error naming the missing entry", c, err)
		}
	}
}

// testdata is the analysistest catalogue at the top of the repository.
var testdata = func() string {
	dir, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		panic(err)
	}
	return dir
}()
