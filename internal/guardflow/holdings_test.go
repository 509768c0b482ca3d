package guardflow_test

import (
	"go/ast"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
)

// holdingsSrc has one function per shape of code that cancels its own
// contexts. A call mark(label, ctx) is a point the test asks about: what
// the variable ctx holds there.
const holdingsSrc = `package p

import (
	"context"
	"time"

	"golang.org/x/sync/errgroup"
)

func mark(string, context.Context)                {}
func finally(f func())                           { f() }
func hook(f func())                              {}
func scan(context.Context) error                 { return nil }
func report(context.Context)                     {}
func send(error, context.CancelFunc)             {}
func parallel(n int, f func(i int))              {}
func logInto(ctx context.Context) context.Context { return ctx }

// The seed: the deferred literal reads ctx when reconcile returns, after
// the deferred cancel.
func deferred(ctx context.Context, d time.Duration) error {
	defer func() {
		mark("deferred", ctx)
		report(ctx)
	}()
	mark("entry", ctx)
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	mark("derived", ctx)
	return scan(ctx)
}

// The literal is deferred after the cancel: it runs first.
func deferredFirst(ctx context.Context, d time.Duration) {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	defer func() {
		mark("deferredFirst", ctx)
	}()
	_ = scan(ctx)
}

// A return before the derivation leaves the parameter in place.
func early(ctx context.Context, d time.Duration, skip bool) {
	defer func() { report(ctx) }()
	if skip {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	_ = scan(ctx)
}

// A timeout in a loop, cancelled right after the call.
func loop(ctx context.Context, d time.Duration, items []int) {
	for range items {
		ctx, cancel := context.WithTimeout(ctx, d)
		err := scan(ctx)
		mark("beforeCancel", ctx)
		cancel()
		if err != nil {
			mark("afterCancel", ctx)
			report(ctx)
		}
	}
}

// Workers that hand cancel on at their first failure.
func workers(ctx context.Context, n int) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	parallel(n, func(i int) {
		if err := scan(ctx); err != nil {
			send(err, cancel)
			return
		}
		mark("worker", ctx)
	})
}

// An errgroup: started goroutines may cancel its context, Wait does.
func group(ctx context.Context) error {
	g, ctx := errgroup.WithContext(ctx)
	mark("beforeGo", ctx)
	g.Go(func() error {
		mark("inGo", ctx)
		return scan(ctx)
	})
	err := g.Wait()
	mark("afterWait", ctx)
	return err
}

// A context derived by a function that does not cancel it holds the
// parameter's.
func transparent(ctx context.Context) {
	sub, cancel := context.WithCancel(ctx)
	defer cancel()
	_ = scan(sub)
	ctx = logInto(ctx)
	mark("transparent", ctx)
}

// No derivation: the code cancels none of its contexts.
func plain(ctx context.Context) {
	mark("plain", ctx)
}

// Cancel functions stored where the analysis does not follow them.
type holder struct{ cancel context.CancelFunc }

func stored(ctx context.Context, h *holder, m map[string]context.CancelFunc, ch chan context.CancelFunc) {
	a, cancelA := context.WithCancel(ctx)
	h.cancel = cancelA
	mark("field", a)
	b, cancelB := context.WithCancel(ctx)
	m["b"] = cancelB
	mark("map", b)
	c, cancelC := context.WithCancel(ctx)
	ch <- cancelC
	mark("chan", c)
	e, cancelE := context.WithCancel(ctx)
	defer cancelE()
	mark("deferOnly", e)
}

// RULE v8: a timer's callback runs after the function returns, when its
// deferred cancel has run; a literal handed to a deferred call that runs
// it runs at the return, after the cancel deferred after it.
func callbacks(ctx context.Context, d time.Duration) {
	defer finally(func() {
		mark("finally", ctx)
	})
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	time.AfterFunc(d, func() {
		mark("afterFunc", ctx)
	})
	mark("callbacks", ctx)
}

// Every path panics: the literal deferred after the cancel runs before
// it.
func panics(ctx context.Context) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	defer func() {
		mark("panicDeferred", ctx)
	}()
	panic("stop")
}

// A derivation with =, then a hook that reads ctx after it is assigned
// again.
func assigned(ctx context.Context, d time.Duration) {
	var cancel context.CancelFunc
	ctx, cancel = context.WithTimeout(ctx, d)
	defer cancel()
	mark("assigned", ctx)
	hook(func() {
		mark("hooked", ctx)
	})
	ctx = context.WithoutCancel(ctx)
	_ = scan(ctx)
}

// A cancel in a select arm, and goto.
func arms(ctx context.Context, done chan struct{}) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	select {
	case <-done:
		cancel()
	default:
	}
	mark("select", ctx)
retry:
	if scan(ctx) != nil {
		goto retry
	}
	mark("goto", ctx)
}
`

func TestHoldings(t *testing.T) {
	pkg := load(t, holdingsSrc)
	env := guardflow.NewEnv(pkg.TypesInfo, pkg.Types, functions{}, mayReturn, nil)
	points := make(map[string]*guardflow.Point)
	params := make(map[string]guardflow.Contexts) // what the parameter ctx of each function holds on entry
	for _, fd := range funcDecls(pkg) {
		sig := pkg.TypesInfo.Defs[fd.Name].(*types.Func).Signature()
		h := guardflow.NewHoldings(env, guardflow.Func{Body: fd.Body, Sig: sig})
		if sig.Params().Len() > 0 {
			params[fd.Name.Name] = h.Param(sig.Params().At(0))
		}
		ast.Inspect(fd, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && isCallTo(call, "mark") {
				label := call.Args[0].(*ast.BasicLit).Value
				p := h.At(call)
				ok := p != nil
				if fd.Name.Name == "plain" {
					if ok {
						t.Errorf("plain: the holdings of a function without derivations answer")
					}
					return true
				}
				if !ok {
					t.Fatalf("no point at mark(%s)", label)
				}
				points[label[1:len(label)-1]] = p
			}
			return true
		})
	}
	ctxArg := func(label string) *types.Var {
		p := points[label]
		if p == nil {
			t.Fatalf("no mark %q", label)
		}
		for _, fd := range funcDecls(pkg) {
			var v *types.Var
			ast.Inspect(fd, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok && isCallTo(call, "mark") && call.Args[0].(*ast.BasicLit).Value == `"`+label+`"` {
					v = pkg.TypesInfo.Uses[call.Args[1].(*ast.Ident)].(*types.Var)
				}
				return true
			})
			if v != nil {
				return v
			}
		}
		t.Fatalf("no mark %q", label)
		return nil
	}
	for _, tc := range []struct {
		label     string
		cancelled bool   // the code may have cancelled what ctx holds
		shutdown  string // the function whose parameter a check must test instead; "" where the variable itself will do or none
	}{
		{"deferred", true, "deferred"},
		{"entry", false, ""},
		{"derived", false, ""},
		{"deferredFirst", false, ""},
		{"beforeCancel", true, "loop"}, // the previous iteration cancelled what the derivation made: to be safe, the check tests the parameter
		{"afterCancel", true, "loop"},
		{"worker", true, "workers"},
		{"beforeGo", false, ""},
		{"inGo", true, "group"},
		{"afterWait", true, "group"},
		{"transparent", false, ""},
		{"field", true, "stored"},
		{"map", true, "stored"},
		{"chan", true, "stored"},
		{"deferOnly", false, ""},
		{"select", true, "arms"},
		{"goto", true, "arms"},
		{"finally", true, "callbacks"},
		{"afterFunc", true, "callbacks"},
		{"callbacks", false, ""},
		{"panicDeferred", false, ""},
		{"assigned", false, ""},
	} {
		p, v := points[tc.label], ctxArg(tc.label)
		if got := p.MayBeCancelled(v); got != tc.cancelled {
			t.Errorf("%s: MayBeCancelled = %v, want %v", tc.label, got, tc.cancelled)
		}
		want, ok := p.ShutdownOnly(v)
		if !ok {
			t.Errorf("%s: no context only shutdown cancels", tc.label)
			continue
		}
		if tc.shutdown == "" {
			if !p.HoldsOnly(v, want) {
				t.Errorf("%s: the variable does not hold what a check must test", tc.label)
			}
			continue
		}
		if p.HoldsOnly(v, want) {
			t.Errorf("%s: the variable holds only what a check may test; want it cancelled by the code", tc.label)
		}
		if !want.Equal(params[tc.shutdown]) {
			t.Errorf("%s: a check must test the parameter of %s", tc.label, tc.shutdown)
		}
	}

	// The seed: report(ctx) in the deferred literal is handed a context
	// that the code has cancelled on every path on which it was derived,
	// and the rename of the derivation leaves the parameter there.
	d := points["deferred"]
	ds := d.Cancelled(ctxArg("deferred"))
	if len(ds) != 1 || ds[0].Func != "WithTimeout" || ds[0].Name == nil || ds[0].Name.Name != "ctx" {
		t.Fatalf("deferred: Cancelled = %v, want the WithTimeout derivation", ds)
	}
	want, _ := d.ShutdownOnly(ctxArg("deferred"))
	if !d.HoldsOnlyWithout(ctxArg("deferred"), ds[0], want) {
		t.Errorf("deferred: without the derivation, ctx would not hold the parameter's context")
	}
	for _, tc := range []struct {
		fn        string
		cancelled bool
	}{{"deferred", true}, {"early", true}, {"loop", true}} {
		found := false
		for _, call := range callsIn(pkg, tc.fn, "report") {
			h := holdingsOf(t, pkg, env, tc.fn)
			p := h.At(call)
			found = found || p.CancelledArg(0) != nil
		}
		if found != tc.cancelled {
			t.Errorf("%s: report handed a cancelled context = %v, want %v", tc.fn, found, tc.cancelled)
		}
	}
}

// TestHoldingsUses checks which uses a derivation reaches, and how they
// run relative to it.
func TestHoldingsUses(t *testing.T) {
	pkg := load(t, holdingsSrc)
	env := guardflow.NewEnv(pkg.TypesInfo, pkg.Types, functions{}, mayReturn, nil)
	h := holdingsOf(t, pkg, env, "deferred")
	call := callsIn(pkg, "deferred", "scan")[0]
	p := h.At(call)
	param := pkg.TypesInfo.Defs[funcDecl(t, pkg, "deferred").Type.Params.List[0].Names[0]].(*types.Var)
	ds := p.Cancelled(param)
	if len(ds) != 0 {
		t.Fatalf("scan(ctx): the derivation is not cancelled there, got %v", ds)
	}
	var d *guardflow.Derivation
	for _, m := range callsIn(pkg, "deferred", "mark") {
		if m.Args[0].(*ast.BasicLit).Value == `"deferred"` {
			q := h.At(m)
			d = q.Cancelled(param)[0]
		}
	}
	var got []string
	for _, u := range h.Uses(param) {
		deferred, later := h.RunsAfter(u, d)
		got = append(got, pkg.Fset.Position(u.Ident.Pos()).String()[len(pkg.Fset.Position(u.Ident.Pos()).Filename)+1:]+
			flag(u.ReachedBy(d), "reached")+flag(u.OnlyBy(d), "only")+flag(deferred, "deferred")+flag(later, "later"))
	}
	want := []string{
		"23:20 reached only deferred", // mark("deferred", ctx): every path to the return derives
		"24:10 reached only deferred", // report(ctx)
		"26:16",                       // mark("entry", ctx)
		"27:37",                       // WithTimeout(ctx, d)
		"29:18 reached only",          // mark("derived", ctx)
		"30:14 reached only",          // scan(ctx)
	}
	if len(got) != len(want) {
		t.Fatalf("uses:\n%q\nwant\n%q", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("use %d: %s, want %s", i, got[i], want[i])
		}
	}
}

// TestHoldingsLater checks a hook's use of a context a derivation with =
// assigned: the hook runs after the function returns, when the deferred
// cancel has run (the derivation is cancelled there), its use runs later,
// and it reads ctx after ctx is assigned again (ReadLater).
func TestHoldingsLater(t *testing.T) {
	pkg := load(t, holdingsSrc)
	env := guardflow.NewEnv(pkg.TypesInfo, pkg.Types, functions{}, mayReturn, nil)
	h := holdingsOf(t, pkg, env, "assigned")
	param := pkg.TypesInfo.Defs[funcDecl(t, pkg, "assigned").Type.Params.List[0].Names[0]].(*types.Var)
	marks := callsIn(pkg, "assigned", "mark") // mark("assigned", ctx), then mark("hooked", ctx)
	if len(marks) != 2 {
		t.Fatalf("%d marks in assigned, want 2", len(marks))
	}
	if p := h.At(marks[0]); len(p.Cancelled(param)) != 0 {
		t.Errorf("assigned: the derivation is cancelled right after it")
	}
	p := h.At(marks[1])
	ok := p != nil
	if !ok {
		t.Fatal("no point at mark(\"hooked\")")
	}
	ds := p.Cancelled(param)
	if len(ds) != 1 || ds[0].Tok != token.ASSIGN {
		t.Fatalf("hooked: Cancelled = %v, want the derivation with =", ds)
	}
	var hooked *guardflow.Use
	for _, u := range h.Uses(param) {
		if u.Ident == marks[1].Args[1] {
			hooked = &u
		}
	}
	if hooked == nil {
		t.Fatal("no use of ctx in the hook")
	}
	if _, later := h.RunsAfter(*hooked, ds[0]); !later {
		t.Errorf("the hook's use of ctx does not run later")
	}
	if h.ReadLater(*hooked, ds[0]) == nil {
		t.Errorf("the hook reads ctx when it runs, after ctx is assigned again: ReadLater is nil")
	}
}

func flag(b bool, s string) string {
	if b {
		return " " + s
	}
	return ""
}

func funcDecls(pkg *packages.Package) []*ast.FuncDecl {
	var out []*ast.FuncDecl
	for _, file := range pkg.Syntax {
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				out = append(out, fd)
			}
		}
	}
	return out
}

func funcDecl(t *testing.T, pkg *packages.Package, name string) *ast.FuncDecl {
	t.Helper()
	for _, fd := range funcDecls(pkg) {
		if fd.Name.Name == name {
			return fd
		}
	}
	t.Fatalf("no function %s", name)
	return nil
}

func holdingsOf(t *testing.T, pkg *packages.Package, env *guardflow.Env, name string) *guardflow.Holdings {
	t.Helper()
	return guardflow.NewHoldings(env, funcOf(t, pkg, name))
}

// callsIn returns the calls of the function named callee in the function
// fn, in source order.
func callsIn(pkg *packages.Package, fn, callee string) []*ast.CallExpr {
	var out []*ast.CallExpr
	for _, fd := range funcDecls(pkg) {
		if fd.Name.Name != fn {
			continue
		}
		ast.Inspect(fd, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && isCallTo(call, callee) {
				out = append(out, call)
			}
			return true
		})
	}
	return out
}

func isCallTo(call *ast.CallExpr, name string) bool {
	id, ok := call.Fun.(*ast.Ident)
	return ok && id.Name == name
}

// sourcesSrc: where the contexts a variable holds come from, in functions
// that cancel none (the holdings follow nothing) and one that derives.
const sourcesSrc = `package p

import (
	"context"
	"time"
)

type key struct{}

func mark(string, context.Context)                {}
func logInto(ctx context.Context) context.Context { return ctx }

func values(ctx, other context.Context) {
	logged := logInto(ctx)
	mark("logged", logged)
	{
		ctx := context.WithValue(ctx, key{}, 1)
		mark("value", ctx)
	}
	mark("other", other)
}

func derives(ctx context.Context, d time.Duration) {
	sub, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	mark("sub", sub)
}
`

// TestSources: NewSources answers where NewHoldings follows nothing, and
// Within reaches the parameter a context was derived from, where Holds
// does not.
func TestSources(t *testing.T) {
	pkg := load(t, sourcesSrc)
	env := guardflow.NewEnv(pkg.TypesInfo, pkg.Types, functions{}, mayReturn, nil)
	params := func(name string) (ctx, other *types.Var) {
		sig := funcOf(t, pkg, name).Sig
		ctx = sig.Params().At(0)
		if sig.Params().At(1).Name() == "other" {
			other = sig.Params().At(1)
		}
		return ctx, other
	}
	type mark struct {
		p *guardflow.Point
		v *types.Var // the context marked
	}
	marked := func(h *guardflow.Holdings, fn string) map[string]mark {
		out := make(map[string]mark)
		for _, call := range callsIn(pkg, fn, "mark") {
			label := call.Args[0].(*ast.BasicLit).Value
			out[label[1:len(label)-1]] = mark{h.At(call), pkg.TypesInfo.Uses[call.Args[1].(*ast.Ident)].(*types.Var)}
		}
		return out
	}

	if h := holdingsOf(t, pkg, env, "values"); h.Follows() || h.At(callsIn(pkg, "values", "mark")[0]) != nil {
		t.Fatalf("values: NewHoldings follows a function that cancels none of its contexts")
	}
	h := guardflow.NewSources(env, funcOf(t, pkg, "values"))
	ctx, other := params("values")
	for label, want := range map[string][2]bool{ // meets ctx's, other's context
		"logged": {true, false},
		"value":  {true, false},
		"other":  {false, true},
	} {
		m := marked(h, "values")[label]
		if m.p == nil {
			t.Fatalf("values: NewSources has no point at mark(%q)", label)
		}
		held := m.p.Holds(m.v)
		if got := [2]bool{held.Meets(h.Param(ctx)), held.Meets(h.Param(other))}; got != want {
			t.Errorf("values: %s meets the parameters' contexts %v, want %v", label, got, want)
		}
		if !m.p.Within(m.v).Equal(held) {
			t.Errorf("values: %s: Within differs from Holds without a derivation", label)
		}
	}

	h = guardflow.NewSources(env, funcOf(t, pkg, "derives"))
	ctx, _ = params("derives")
	m := marked(h, "derives")["sub"]
	if m.p.Holds(m.v).Meets(h.Param(ctx)) {
		t.Errorf("derives: sub holds the parameter's context itself")
	}
	if !m.p.Within(m.v).Meets(h.Param(ctx)) {
		t.Errorf("derives: Within(sub) leaves out the parameter it was derived from")
	}
}
