package rungen

import "fmt"

// block writes up to n statements in e, one level deeper.
func (g *gen) block(e env, n int) {
	e.depth++
	for range n {
		if g.budget <= 0 {
			return
		}
		g.budget--
		g.stmt(e)
	}
}

// inner returns e for a block nested in the current one: the top level
// of the function is left.
func (e env) inner() env {
	e.top = false
	return e
}

// literal returns e for the body of a function literal without results
// written at this point.
func (e env) literal() env {
	e = e.inner()
	e.ret, e.errRet, e.loop, e.lit = "return", "", "", true
	return e
}

// stmt writes one statement.
func (g *gen) stmt(e env) {
	switch {
	case e.late:
		g.lateStmt(e)
		return
	case e.simple() || e.ctx == "":
		g.simpleStmt(e)
		return
	}
	switch g.pick(25) {
	case 0, 1:
		g.apiFailure(e)
	case 2:
		g.emit(e, normal)
	case 3:
		g.variableType(e)
	case 4:
		g.emit(e, g.eventType())
	case 5:
		g.staleCheck(e)
	case 6:
		g.freshCheck(e)
	case 7:
		g.guardHelper(e)
	case 8:
		g.ifStmt(e)
	case 9:
		g.loop(e)
	case 10:
		g.shadow(e)
	case 11:
		g.deriveInBlock(e)
	case 12:
		g.deriveAssign(e)
	case 13:
		g.errgroup(e)
	case 14:
		g.parallelFor(e)
	case 15:
		g.stepCall(e)
	case 16, 17:
		g.lateCallback(e, "")
	case 18:
		g.localFunc(e)
	case 19:
		g.helperNow(e)
	case 20:
		g.deferredStatus(e)
	case 21:
		g.deferredEvent(e)
	case 22:
		g.gotoSkip(e)
	case 23:
		g.burst(e)
	case 24:
		g.loop(e)
	}
}

// simpleStmt writes a statement that makes no callback and hands a
// context to nothing but the API: where the sites are out of the
// analyzer's reach, deep in the nesting, or where the code names no
// context.
func (g *gen) simpleStmt(e env) {
	switch g.pick(4) {
	case 0:
		if e.ctx != "" {
			g.apiFailure(e)
			return
		}
		g.emit(e, warning)
	case 1:
		g.emit(e, normal)
	case 2:
		g.variableType(e)
	case 3:
		if e.depth > 3 || e.outOfReach != "" {
			g.emit(e, g.eventType())
			return
		}
		g.lateCallback(e, "")
	}
}

// eventType returns a constant event type.
func (g *gen) eventType() string {
	if g.pick(2) == 0 {
		return normal
	}
	return warning
}

// failed returns the condition of an if that calls the API and tests its
// error, and the error's name (or, where no context may be named, a
// condition that is false, and "").
func (g *gen) failed(e env) (cond, err string) {
	if e.ctx == "" || e.late {
		return `r.obj.Name != ""`, ""
	}
	return "err := " + g.apiCall(g.handed(e), fmt.Sprintf("%q", g.fresh("op"))) + "; err != nil", "err"
}

// apiCall returns a call of the API handed ctx, for operation op (an
// expression).
func (g *gen) apiCall(ctx, op string) string {
	g.apiCalls++
	return "r.API.Do(" + ctx + ", " + op + ")"
}

// handed returns the context an API call in e is handed.
func (g *gen) handed(e env) string {
	if e.deferred {
		return "context.WithoutCancel(" + e.ctx + ")"
	}
	return e.ctx
}

// apiFailure writes a Warning event for a failed API call, then a return
// with the error, a continue, or nothing.
func (g *gen) apiFailure(e env) {
	g.shape(APIFailure)
	cond, err := g.failed(e)
	g.line("if %s {", cond)
	g.emit(e, warning)
	g.leave(e, err)
	g.line("}")
}

// leave writes what a failure branch ends with: a return (with err where
// the function returns an error), a continue, or nothing.
func (g *gen) leave(e env, err string) {
	switch g.pick(4) {
	case 0:
		if e.errRet != "" && err != "" {
			g.line(e.errRet, err)
			return
		}
		g.line("%s", e.ret)
	case 1:
		switch e.loop {
		case "":
		case "-":
			g.line("continue")
		default:
			g.line("continue %s", e.loop)
		}
	}
}

// variableType writes an event whose type is a variable: Normal, or
// Warning where the API call failed.
func (g *gen) variableType(e env) {
	g.shape(VariableType)
	et := g.fresh("eventType")
	g.line("%s := %s", et, normal)
	cond, _ := g.failed(e)
	g.line("if %s {\n%s = %s\n}", cond, et, warning)
	e = e.within(VariableType)
	g.emit(e, et)
}

// staleCheck writes a check that the API call after it makes stale.
func (g *gen) staleCheck(e env) {
	g.shape(StaleCheck)
	g.use("errors")
	g.fn.checks = true
	g.line("if errors.Is(%s.Err(), context.Canceled) {\n%s\n}", e.ctx, e.ret)
	g.apiFailure(e)
}

// freshCheck writes a check right before the event, in one of the forms
// a maintainer writes: the event is guarded.
func (g *gen) freshCheck(e env) {
	g.shape(FreshCheck)
	e = e.within(FreshCheck)
	switch g.pick(3) {
	case 0:
		g.use("errors")
		cond, err := g.failed(e)
		g.line("if %s {", cond)
		g.line("if !errors.Is(%s.Err(), context.Canceled) {", e.ctx)
		g.emit(e, warning)
		g.line("}")
		g.leave(e, err)
		g.line("}")
	case 1:
		g.use("errors")
		g.fn.checks = true
		g.line("if errors.Is(%s.Err(), context.Canceled) {\n%s\n}", e.ctx, e.ret)
		g.emit(e, normal)
	case 2:
		g.line("if %s.Err() == nil {", e.ctx)
		g.emit(e, g.eventType())
		g.line("}")
	}
}

// guardHelper writes a call of a guard function, then an event it guards
// or an API call that makes it stale first.
func (g *gen) guardHelper(e env) {
	g.shape(GuardHelper)
	g.use("errors", "shuttingDown")
	g.fn.checks = true
	g.line("if shuttingDown(%s) {\n%s\n}", e.ctx, e.ret)
	if g.pick(2) == 0 {
		e = e.within(GuardHelper)
		g.emit(e, normal)
		return
	}
	g.apiFailure(e)
}

// ifStmt writes an if, with or without else, on an API call's outcome.
func (g *gen) ifStmt(e env) {
	in := e.inner()
	if g.pick(2) == 0 {
		cond, _ := g.failed(e)
		g.line("if %s {", cond)
		g.block(in, 1+g.pick(2))
		g.line("}")
		return
	}
	g.line("if err := %s; err == nil {", g.apiCall(g.handed(e), fmt.Sprintf("%q", g.fresh("op"))))
	g.block(in, 1+g.pick(2))
	g.line("} else {")
	g.block(in, 1+g.pick(2))
	g.line("}")
}

// loop writes a bounded loop, labeled or not. A labeled loop starts with
// a continue to its label where an API call fails (a label must be used).
func (g *gen) loop(e env) {
	in := e.inner()
	in.loop = "-"
	labeled := g.pick(2) == 0
	if labeled {
		in.loop = g.fresh("items")
		g.shape(LabeledLoop)
		g.line("%s:", in.loop)
	}
	if g.pick(2) == 0 {
		g.line("for range 2 {")
	} else {
		item := g.fresh("item")
		g.line("for _, %s := range []string{\"a\", \"b\"} {\n_ = %s", item, item)
	}
	if labeled {
		cond, _ := g.failed(in)
		g.line("if %s {", cond)
		g.emit(in, warning)
		g.line("continue %s\n}", in.loop)
	}
	g.block(in, 1+g.pick(3))
	g.line("}")
}

// shadow writes a block that declares its own ctx, derived from the one
// in scope by a function that does not cancel it.
func (g *gen) shadow(e env) {
	g.shape(ShadowedCtx)
	g.use("logf")
	in := e.inner()
	g.line("{\nctx := logf.IntoContext(%s, logf.FromContext(%s))", e.ctx, e.ctx)
	in.ctx = "ctx"
	g.apiFailure(in) // uses the new ctx: it must be used
	g.block(in, g.pick(3))
	g.line("}")
}

// deriveInBlock writes a timeout in a nested block under the name ctx,
// which hides the context of the enclosing block there; its cancel is
// called right after the API call, before the event, or deferred.
func (g *gen) deriveInBlock(e env) {
	g.shape(DeriveInBlock)
	g.use("time")
	in := e.inner()
	cancel := g.fresh("cancel")
	if g.pick(2) == 0 {
		g.line("{")
	} else {
		g.line("if r.obj.Name == \"\" {")
	}
	g.line("ctx, %s := context.WithTimeout(%s, time.Hour)", cancel, e.ctx)
	in.ctx = "ctx"
	if g.pick(2) == 0 {
		errv := g.fresh("err")
		g.line("%s := %s\n%s()\nif %s != nil {", errv, g.apiCall("ctx", fmt.Sprintf("%q", g.fresh("op"))), cancel, errv)
		in = in.within(DeriveInBlock)
		g.emit(in, warning)
		g.line("}")
		g.emit(in, normal)
	} else {
		g.line("defer %s()", cancel)
		g.apiFailure(in)
		g.block(in, g.pick(2))
	}
	g.line("}")
}

// deriveAssign writes a derivation with =: of the function's ctx in an
// if (after it, ctx holds the parent on one path and the timeout on the
// other), or of a copy of it in a loop body, cancelled before the event.
func (g *gen) deriveAssign(e env) {
	g.use("time")
	cancel := g.fresh("cancel")
	if e.ctx == "ctx" && !e.lit && g.pick(2) == 0 {
		g.shape(DeriveAssignIf)
		g.line("if r.obj.Name == \"\" {\nvar %s context.CancelFunc\nctx, %s = context.WithTimeout(ctx, time.Hour)\ndefer %s()\n}", cancel, cancel, cancel)
		return
	}
	g.shape(DeriveAssignLoop)
	item, errv := g.fresh("item"), g.fresh("err")
	g.line("for _, %s := range []string{\"a\", \"b\"} {", item)
	g.line("ctx := %s\nvar %s context.CancelFunc\nctx, %s = context.WithTimeout(ctx, time.Hour)", e.ctx, cancel, cancel)
	g.line("%s := %s\n%s()\nif %s != nil {", errv, g.apiCall("ctx", item), cancel, errv)
	in := e.inner()
	in.ctx, in.loop = "ctx", "-"
	in = in.within(DeriveAssignLoop)
	g.emit(in, warning)
	g.line("continue\n}")
	g.emit(in, normal)
	g.line("}")
}

// errgroup writes a group whose literals call the API and emit, one at a
// time (the limit is one, so the order is fixed), started and waited for
// with nothing in between. Its context takes a fresh name, or the name
// ctx.
func (g *gen) errgroup(e env) {
	g.use("errgroup")
	grp, gctx, item := g.fresh("g"), g.fresh("gctx"), g.fresh("item")
	if e.ctx == "ctx" && g.pick(2) == 0 {
		g.shape(ErrgroupCtx)
		gctx = "ctx"
	} else {
		g.shape(Errgroup)
	}
	g.line("%s, %s := errgroup.WithContext(%s)\n%s.SetLimit(1)", grp, gctx, e.ctx, grp)
	g.line("for _, %s := range []string{\"a\", \"b\"} {\n%s.Go(func() error {", item, grp)
	in := e.literal()
	in.ctx, in.ret, in.errRet = gctx, "return nil", "return %s"
	in = in.within(Errgroup)
	g.runLiteral(func() {
		g.line("if err := %s; err != nil {", g.apiCall(gctx, item))
		g.emit(in, warning)
		g.line("return err\n}")
		g.block(in, g.pick(3))
	})
	g.line("return nil\n})\n}")
	g.line("if err := %s.Wait(); err != nil {", grp)
	e = e.within(Errgroup)
	g.emit(e.inner(), warning)
	g.leave(e, "err")
	g.line("}")
}

// parallelFor writes client-go's parallel-for over two pieces with one
// worker: the order is fixed.
func (g *gen) parallelFor(e env) {
	g.shape(ParallelFor)
	g.use("workqueue")
	piece := g.fresh("piece")
	g.line("workqueue.ParallelizeUntil(%s, 1, 2, func(%s int) {", e.ctx, piece)
	in := e.literal()
	in = in.within(ParallelFor)
	g.runLiteral(func() { g.block(in, 1+g.pick(3)) })
	g.line("})")
}

// stepCall writes a call of a step, a method with a context of its own
// that calls the API and emits, and a Warning event where it fails.
func (g *gen) stepCall(e env) {
	if g.steps >= 3 {
		g.apiFailure(e)
		return
	}
	g.steps++
	g.shape(Step)
	step := g.fresh("step")
	caller := g.fn
	g.queue = append(g.queue, func() { g.step(step, caller) })
	g.line("if err := r.%s(%s); err != nil {", step, e.ctx)
	g.emit(e.inner(), warning)
	g.leave(e, "err")
	g.line("}")
}

// step writes the step named name, called by caller.
func (g *gen) step(name string, caller *fnState) {
	g.begin(caller)
	g.line("func (r *Reconciler) %s(ctx context.Context) error {", name)
	g.block(env{ctx: "ctx", ret: "return nil", errRet: "return %s", top: true, shape: Step}, 1+g.pick(4))
	g.line("return nil\n}\n")
	g.end()
}

// burst writes three direct calls of r.Recorder.Event that a check at the
// call can fix: the guarded method's case.
func (g *gen) burst(e env) {
	before := g.directEvents
	for range 3 {
		tag := g.site(e)
		g.line("r.Recorder.Event(r.obj, %s, %q, %q)", normal, tag, "progressing")
	}
	if !e.late && !e.lit && e.outOfReach == "" {
		g.directEvents = before + 3
	}
}

// gotoSkip writes a goto over a block (so that it jumps over no
// declaration) to a label on an event.
func (g *gen) gotoSkip(e env) {
	g.shape(GotoSkip)
	label := g.fresh("skip")
	cond, _ := g.failed(e)
	g.line("if %s {\ngoto %s\n}\n{", cond, label)
	g.block(e.inner(), 1+g.pick(2))
	g.line("}\n%s:", label)
	g.emit(e, normal)
}

// deferredStatus writes a deferred literal that writes the status and
// notifies, as controllers end their Reconcile.
func (g *gen) deferredStatus(e env) {
	g.shape(DeferredStatus)
	in := e.literal()
	in = in.within(DeferredStatus)
	in.deferred = true
	cond, _ := g.failed(in)
	g.line("defer func() {")
	g.line("if %s {", cond)
	g.emit(in, warning)
	g.line("return\n}")
	g.emit(in, normal)
	g.line("}()")
}

// deferredEvent writes a deferred emission.
func (g *gen) deferredEvent(e env) {
	g.shape(DeferredEvent)
	e = e.within(DeferredEvent)
	g.line("defer %s", g.call(e, g.eventType()))
}
