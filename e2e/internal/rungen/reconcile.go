package rungen

import "fmt"

// reconcile writes the Reconcile method: an opening, which writes one of
// the shapes of issue 41 (or none), then statements.
func (g *gen) reconcile() {
	g.begin(nil)
	g.line("func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {\n_ = req")
	e := env{ctx: "ctx", ret: "return reconcile.Result{}, nil", errRet: "return reconcile.Result{}, %s", top: true}
	switch g.pick(8) {
	case 1:
		g.burst(e)
	case 2:
		e = g.gotoOverDerivation(e)
	case 3:
		g.callbacksAfterDerivation(e)
	case 4:
		g.deferredHelperLiteral(e)
	case 5:
		e = g.closureReassigned(e)
	case 6:
		g.seedShape(e)
	case 7:
		g.burst(e)
		g.callbacksAfterDerivation(e)
	}
	g.block(e, 2+g.pick(6))
	g.line("%s\n}\n", e.ret)
	g.end()
}

// derive writes ctx, cancel := context.WithTimeout(ctx, time.Hour) and
// defer cancel() at the top of the body: it assigns the parameter ctx.
func (g *gen) derive() {
	g.use("time")
	cancel := g.fresh("cancel")
	g.line("ctx, %s := context.WithTimeout(ctx, time.Hour)\ndefer %s()", cancel, cancel)
}

// gotoOverDerivation writes a timeout assigned with = to the parameter,
// which a goto on a failed lookup jumps over, and before it a deferred
// literal whose event needs the parent: at the return, ctx holds the
// timeout that the deferred cancel has cancelled. A fix that renames the
// timeout turns the = into a declaration the goto jumps over. After the
// label the code names ctx or not (with no use after the label, the
// rename is safe by the rule and does not compile).
func (g *gen) gotoOverDerivation(e env) env {
	g.shape(GotoOverDerivation)
	g.use("time")
	lit := e.literal()
	lit.shape, lit.deferred = GotoOverDerivation, true
	g.line("defer func() {")
	g.emit(lit, normal)
	g.line("}()")
	cancel, label := g.fresh("cancel"), g.fresh("derived")
	g.line("var %s context.CancelFunc\nif err := %s; err != nil {\ngoto %s\n}", cancel, g.apiCall("ctx", fmt.Sprintf("%q", g.fresh("lookup"))), label)
	g.line("ctx, %s = context.WithTimeout(ctx, time.Hour)\ndefer %s()", cancel, cancel)
	g.line("if err := %s; err != nil {", g.apiCall("ctx", fmt.Sprintf("%q", g.fresh("scan"))))
	e.shape = GotoOverDerivation
	g.emit(e.inner(), warning)
	g.line("return reconcile.Result{}, err\n}\n%s:", label)
	e.shape = ""
	g.emit(e, normal)
	if g.pick(2) == 0 {
		e.ctx = ""
	}
	return e
}

// callbacksAfterDerivation writes a timeout that reassigns ctx and whose
// cancel is deferred, then a time.AfterFunc callback or a hook callback
// (or both) that emit: they run after Reconcile has returned, when every
// context of the reconciliation has been cancelled.
func (g *gen) callbacksAfterDerivation(e env) {
	g.derive()
	switch g.pick(3) {
	case 0:
		g.afterFunc(e)
	case 1:
		g.hook(e)
	case 2:
		g.afterFunc(e)
		g.hook(e)
	}
}

func (g *gen) afterFunc(e env) {
	g.shape(AfterFuncCallback)
	g.use("late", "time")
	in := e.lateLiteral(AfterFuncCallback)
	g.line("r.Late.Add()\ntime.AfterFunc(time.Millisecond, func() {\ndefer r.Late.Done()\nr.Late.Hold()")
	g.lateBody(in)
	g.line("})")
}

func (g *gen) hook(e env) {
	g.shape(HookCallback)
	g.use("hooks")
	in := e.lateLiteral(HookCallback)
	g.line("r.Hooks.OnDone(func() {")
	g.lateBody(in)
	g.line("})")
}

// deferredHelperLiteral writes defer r.finally(func(){...}) before a
// timeout whose cancel is deferred after it: the literal runs at the
// return, after that cancel, like a deferred literal.
func (g *gen) deferredHelperLiteral(e env) {
	g.shape(DeferredHelperLiteral)
	g.use("finally")
	in := e.literal()
	in.shape, in.deferred = DeferredHelperLiteral, true
	g.line("defer r.finally(func() {")
	g.emit(in, g.eventType())
	g.block(in, g.pick(2))
	g.line("})")
	g.derive()
}

// closureReassigned writes a timeout that reassigns ctx and is cancelled
// right after the call it serves, before an event (which needs the
// parent: the fix renames the timeout), then a hook closure that reads
// ctx when it runs, checking it by hand, then ctx =
// context.WithoutCancel(ctx): the closure reads that context, which no
// cancel reaches. What follows is out of the analyzer's reach, and so
// are the function's literals, which may read ctx after the reassignment.
func (g *gen) closureReassigned(e env) env {
	g.shape(ClosureReassigned)
	g.shape(WithoutCancel)
	g.use("time", "hooks")
	cancel, errv := g.fresh("cancel"), g.fresh("err")
	g.line("ctx, %s := context.WithTimeout(ctx, time.Hour)\n%s := %s\n%s()\nif %s != nil {", cancel, errv, g.apiCall("ctx", fmt.Sprintf("%q", g.fresh("scan"))), cancel, errv)
	e.shape = ClosureReassigned
	g.emit(e.inner(), warning)
	g.line("}")
	in := e.lateLiteral(ClosureReassigned)
	g.line("r.Hooks.OnDone(func() {")
	if g.pick(2) == 0 {
		g.line("if ctx.Err() == nil {")
	} else {
		g.use("errors")
		g.line("if !errors.Is(ctx.Err(), context.Canceled) {")
	}
	g.emit(in, g.eventType())
	g.line("}\n})\nctx = context.WithoutCancel(ctx)")
	for _, i := range g.fn.literalSites {
		g.sites[i].OutOfReach = "in a literal that may read ctx after ctx = context.WithoutCancel(ctx)"
	}
	e.shape = ""
	e.outOfReach = "after ctx = context.WithoutCancel(ctx)"
	return e
}

// seedShape writes the seed issue's shape: a deferred status-and-notify
// literal, then a timeout that reassigns ctx and whose cancel is deferred
// after it, so that the literal reads a context the code has cancelled.
func (g *gen) seedShape(e env) {
	g.shape(SeedShape)
	g.deferredStatus(e)
	g.derive()
}
