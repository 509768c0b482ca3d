package guardflow_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
	"github.com/ctxnotify/ctxnotify-lint/internal/synth"
)

// stubs is the analyzer's GOPATH tree of stubs (client-go, controller-runtime).
var stubs = func() string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		panic(err)
	}
	return dir
}()

// load type-checks src as the package "p" against the stubs, from memory.
func load(t *testing.T, src string) *packages.Package {
	t.Helper()
	file := filepath.Join(stubs, "src", "guardflowtest", "p.go")
	cfg := &packages.Config{
		Mode:    packages.LoadAllSyntax,
		Dir:     stubs,
		Env:     append(os.Environ(), "GOPATH="+stubs, "GO111MODULE=off", "GOWORK=off"),
		Overlay: map[string][]byte{file: []byte(src)},
		// Deep nesting exceeds the parser's object resolution: the type
		// checker needs none.
		ParseFile: func(fset *token.FileSet, name string, src []byte) (*ast.File, error) {
			return parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
		},
	}
	pkgs, err := packages.Load(cfg, "guardflowtest")
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		t.Fatalf("load: %v", pkgs[0].Errors)
	}
	return pkgs[0]
}

// functions knows one guard function by name, canceled(ctx), true when the
// context is cancelled; errors.Is is the standard library's.
type functions struct{}

func (functions) IsErrorsIs(fn *types.Func) bool {
	return fn.Pkg() != nil && fn.Pkg().Path() == "errors" && fn.Name() == "Is"
}

// Runs knows the test's parallel and finally, which run their function
// before they return.
func (functions) Runs(fn *types.Func, param int) bool {
	return fn.Name() == "parallel" || fn.Name() == "finally"
}

func (functions) Guard(fn *types.Func) (guardflow.Guard, bool) {
	if fn.Name() == "canceled" {
		return guardflow.Guard{Param: 0, IfTrue: guardflow.Canceled, IfFalse: guardflow.Live | guardflow.TimedOut}, true
	}
	return guardflow.Guard{}, false
}

func mayReturn(call *ast.CallExpr) bool {
	id, ok := call.Fun.(*ast.Ident)
	return !ok || id.Name != "panic"
}

// funcOf returns the function name of pkg, for the dataflow.
func funcOf(t *testing.T, pkg *packages.Package, name string) guardflow.Func {
	t.Helper()
	for _, file := range pkg.Syntax {
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == name {
				sig := pkg.TypesInfo.Defs[fd.Name].(*types.Func).Signature()
				return guardflow.Func{Body: fd.Body, Sig: sig}
			}
		}
	}
	t.Fatalf("no function %s", name)
	return guardflow.Func{}
}

// explained runs the dataflow over the function name of pkg, with
// explanations.
func explained(t *testing.T, pkg *packages.Package, env *guardflow.Env, name string, opts guardflow.Options) *guardflow.Result {
	t.Helper()
	return guardflow.NewAnalysis(env, funcOf(t, pkg, name), opts).Result(true)
}

// callsTo returns the facts at the calls of methods named method, in
// source order.
func callsTo(pkg *packages.Package, r *guardflow.Result, method string) []*guardflow.CallState {
	var out []*guardflow.CallState
	for _, file := range pkg.Syntax {
		ast.Inspect(file, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == method {
					if f, ok := r.Calls[call]; ok {
						out = append(out, f)
					}
				}
			}
			return true
		})
	}
	return out
}

const reconciler = `package p

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct {
	client client.Client
	rec    record.EventRecorder
	obj    *corev1.ConfigMap
}

func canceled(ctx context.Context) bool { return errors.Is(ctx.Err(), context.Canceled) }

func (r *R) Reconcile(ctx context.Context) {
	r.rec.Event(r.obj, "Warning", "Unguarded", "")
	if errors.Is(ctx.Err(), context.Canceled) {
		return
	}
	r.rec.Event(r.obj, "Warning", "Guarded", "")
	if err := r.client.Update(ctx, r.obj); err != nil {
		r.rec.Event(r.obj, "Warning", "Stale", "")
	}
	if canceled(ctx) {
		panic("stop")
	}
	r.rec.Event(r.obj, "Warning", "GuardFunction", "")
	r.rec.Event(r.obj, "Warning", "OperandsConsume", r.client.Update(ctx, r.obj).Error())
	if ctx.Err() == context.DeadlineExceeded {
		r.rec.Event(r.obj, "Warning", "TimedOut", "")
	}
}
`

// TestAnalyze: what holds at each event of a reconciler, with witnesses.
func TestAnalyze(t *testing.T) {
	pkg := load(t, reconciler)
	env := guardflow.NewEnv(pkg.TypesInfo, pkg.Types, functions{}, mayReturn, nil)
	r := explained(t, pkg, env, "Reconcile", guardflow.Options{})
	events := callsTo(pkg, r, "Event")
	if len(events) != 6 {
		t.Fatalf("%d events recorded, want 6", len(events))
	}
	for i, want := range []struct {
		guarded, stale, consume bool
	}{
		{false, false, false}, // before any check
		{true, false, false},  // after the check's return
		{false, true, false},  // after Update: the check went stale
		{true, false, false},  // after the guard function and panic
		{false, true, true},   // an argument calls Update
		{true, false, false},  // a timeout: not cancelled
	} {
		f := events[i]
		if f.Guarded() != want.guarded || (f.Why.StaleAt != nil) != want.stale || f.OperandsConsume != want.consume {
			t.Errorf("event %d: guarded %v, stale %v, operands consume %v; want %v, %v, %v",
				i, f.Guarded(), f.Why.StaleAt != nil, f.OperandsConsume, want.guarded, want.stale, want.consume)
		}
		if len(f.Vars) != 1 || f.Vars[0].Name() != "ctx" || !f.Use[0].Usable() {
			t.Errorf("event %d: context variables %v %v, want ctx, usable", i, f.Vars, f.Use)
		}
	}
	g := guardflow.Analyze(env, funcOf(t, pkg, "canceled"), guardflow.Options{SummarizeReturns: true})
	if !g.ReturnsKnown || g.Returns.IfTrue != guardflow.Canceled || g.Returns.IfFalse != guardflow.Live|guardflow.TimedOut {
		t.Errorf("canceled: returns %v (known %v), want {canceled} / {live,timedOut}", g.Returns, g.ReturnsKnown)
	}
}

// TestEntryGuarded: a body whose call sites are guarded starts guarded.
func TestEntryGuarded(t *testing.T) {
	pkg := load(t, reconciler)
	env := guardflow.NewEnv(pkg.TypesInfo, pkg.Types, functions{}, mayReturn, nil)
	r := explained(t, pkg, env, "Reconcile", guardflow.Options{EntryGuarded: true})
	first := callsTo(pkg, r, "Event")[0]
	if !first.Guarded() || !first.Why.Entry {
		t.Errorf("first event: guarded %v, entry %v; want both", first.Guarded(), first.Why.Entry)
	}
}

// TestWorkGrowsLinearly counts the expressions the dataflow evaluates in
// one generated function, flat and nested, at 1x and 16x its size: the work
// must grow in proportion. The analyzer's benchmarks time the same
// functions, with the noise of caches and the garbage collector.
func TestWorkGrowsLinearly(t *testing.T) {
	for _, nested := range []bool{false, true} {
		small := evaluations(t, synth.BigFunction(75, nested))
		large := evaluations(t, synth.BigFunction(75*16, nested))
		if small == 0 {
			t.Fatalf("nested=%t: no expression evaluated", nested)
		}
		ratio := float64(large) / float64(small)
		t.Logf("nested=%t: %d and %d expressions, %.2fx", nested, small, large, ratio)
		if ratio > 16.5 {
			t.Errorf("nested=%t: 16x the function evaluates %.1fx the expressions (%d, %d), want at most 16.5x", nested, ratio, small, large)
		}
	}
}

// evaluations analyses the Reconcile method of src, with explanations,
// and returns the expressions evaluated.
func evaluations(t *testing.T, src string) int {
	pkg := load(t, src)
	env := guardflow.NewEnv(pkg.TypesInfo, pkg.Types, functions{}, mayReturn, nil)
	fa := guardflow.NewAnalysis(env, funcOf(t, pkg, "Reconcile"), guardflow.Options{})
	r := fa.Result(true)
	if !strings.Contains(src, "UpdateFailed") || len(callsTo(pkg, r, "Event")) == 0 {
		t.Fatal("no event recorded")
	}
	return fa.Evaluated()
}

const handler = `package p

import (
	"context"
	"net/http"
	"time"

	"sigs.k8s.io/controller-runtime/pkg/log"
)

type S struct{ mgrCtx context.Context }

func (s *S) notify(ctx context.Context) {}

func (s *S) Handle(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), time.Second)
	defer cancel()
	s.notify(ctx)
	s.notify(log.IntoContext(r.Context(), log.FromContext(ctx)))
	s.notify(context.WithoutCancel(r.Context()))
	s.notify(context.Background())
	ctx = s.mgrCtx
	s.notify(ctx)
}

func (s *S) Helper(ctx context.Context) {
	s.notify(ctx)
}
`

// TestRequestContexts: a request's context and the contexts derived from
// it are neither usable nor in hand; a call that passes one says so; a
// parameter the options name holds one on entry.
func TestRequestContexts(t *testing.T) {
	pkg := load(t, handler)
	env := guardflow.NewEnv(pkg.TypesInfo, pkg.Types, functions{}, mayReturn, nil)
	calls := callsTo(pkg, guardflow.Analyze(env, funcOf(t, pkg, "Handle"), guardflow.Options{}), "notify")
	if len(calls) != 5 {
		t.Fatalf("%d calls of notify, want 5", len(calls))
	}
	for i, want := range []struct{ request, inHand bool }{
		{true, false},  // WithTimeout(r.Context(), d)
		{true, false},  // log.IntoContext(r.Context(), l)
		{true, false},  // WithoutCancel(r.Context())
		{false, false}, // Background(): shutdown never reaches it, but no request's
		{false, true},  // the manager's context, from a field
	} {
		c := calls[i]
		if got := c.RequestArgs&1 != 0; got != want.request {
			t.Errorf("call %d: passes a request's context: %v, want %v", i, got, want.request)
		}
		if i < 3 && (len(c.Use) != 1 || !c.Use[0].RequestOnly() || c.Use[0].InHand()) {
			t.Errorf("call %d: ctx holds %v, want a request's context only", i, c.Use)
		}
		if i == 4 && (len(c.Use) != 1 || !c.Use[0].Usable()) {
			t.Errorf("call %d: ctx holds %v, want usable", i, c.Use)
		}
	}
	helper := funcOf(t, pkg, "Helper")
	for _, request := range []bool{false, true} {
		opts := guardflow.Options{}
		if request {
			opts.RequestParams = []*types.Var{helper.Sig.Params().At(0)}
		}
		c := callsTo(pkg, guardflow.Analyze(env, helper, opts), "notify")
		if len(c) != 1 || c[0].Use[0].RequestOnly() != request || c[0].Use[0].InHand() == request || (c[0].RequestArgs&1 != 0) != request {
			t.Errorf("Helper with RequestParams %v: %+v", request, c)
		}
	}
}
