package analyzer_test

import (
	"fmt"
	"strings"
)

// stmt writes one statement. Deep statements are simple, so that every
// input ends.
func (g *gen) stmt(e *env) {
	choice := g.pick(18)
	if e.depth > 4 && choice > 5 {
		choice %= 4
	}
	switch choice {
	case 0, 1, 2, 3:
		g.emit(e)
	case 4:
		g.line("if %s {", g.check(e))
		g.block(*e)
		if g.pick(2) == 0 {
			g.line("} else {")
			g.block(*e)
		}
		g.line("}")
	case 5:
		g.line("if %s {\n%s\n}", g.check(e), g.exit(e))
	case 6:
		g.errVar(e)
	case 7:
		g.selectStmt(e)
	case 8:
		g.switchStmt(e)
	case 9, 10:
		g.loop(e)
	case 11, 12:
		g.closure(e)
	case 13:
		g.gotoStmt(e)
	case 14:
		g.shadow(e)
	case 15:
		g.call(e)
	case 16:
		if e.ctx != "" {
			g.line("if err := work(%s); err != nil {", e.ctx)
			g.emit(e)
			g.line("}")
		} else {
			g.line("_ = r.obj")
		}
	case 17:
		g.consume(e)
	}
}

// consume writes what makes checks stale or keeps them fresh: a
// context-consuming call (plain, in a condition before or after a check,
// handed a derived or a Background context), a boolean holding a check, a
// reassigned context.
func (g *gen) consume(e *env) {
	c := e.ctx
	if c == "" || !e.ctxPkg {
		g.line("_ = r.obj")
		return
	}
	switch g.pick(8) {
	case 0:
		g.line("_ = work(%s)", c)
	case 1:
		g.line("if err := work(%s); err != nil && %s {", c, g.check(e))
		g.emit(e)
		g.line("}")
	case 2:
		g.line("if %s && work(%s) != nil {", g.check(e), c)
		g.emit(e)
		g.line("}")
	case 3:
		g.line("_ = work(%sWithValue(%s, \"k\", 1))", g.cq, c)
	case 4:
		g.line("_ = work(%sBackground())", g.cq)
	case 5:
		b := g.fresh("ok")
		g.line("%s := %s\n_ = work(%s)\nif !%s {\n%s\n}", b, g.check(e), c, b, g.exit(e))
	case 6:
		g.derive(c)
	case 7:
		g.line("%s = %sWithoutCancel(%s)", c, g.cq, c)
	}
}

// derive writes a context derived from c under its name, and, in turn,
// how the code cancels it: a deferred cancel, a cancel right after a
// call, a cancel handed on, an errgroup that runs and is waited for, an
// assignment with = to a declared cancel, and one a goto jumps over. At
// the top of a body the name is the same variable; in a block, a new one
// that hides it (but for =). It consumes no input, so that the corpus
// keeps its programs.
func (g *gen) derive(c string) {
	g.derives++
	cancel := g.fresh("cancel")
	switch g.derives % 6 {
	case 4:
		g.line("var %s %sCancelFunc\n%s, %s = %sWithTimeout(%s, time.Second)\ndefer %s()\n_ = work(%s)", cancel, g.cq, c, cancel, g.cq, c, cancel, c)
	case 5:
		label := g.fresh("skip")
		g.line("var %s %sCancelFunc\nif r.obj == nil {\ngoto %s\n}\n%s, %s = %sWithTimeout(%s, time.Second)\ndefer %s()\n_ = work(%s)\n%s:\n_ = r.obj",
			cancel, g.cq, label, c, cancel, g.cq, c, cancel, c, label)
	case 0:
		g.line("%s, %s := %sWithTimeout(%s, time.Second)\ndefer %s()\n_ = %s", c, cancel, g.cq, c, cancel, c)
	case 1:
		g.line("%s, %s := %sWithTimeout(%s, time.Second)\n_ = work(%s)\n%s()", c, cancel, g.cq, c, c, cancel)
	case 2:
		g.line("%s, %s := %sWithCancel(%s)\ndefer %s()\nhandOff(%s)\n_ = %s", c, cancel, g.cq, c, cancel, cancel, c)
	case 3:
		grp := g.fresh("grp")
		g.line("%s, %s := errgroup.WithContext(%s)\n%s.Go(func() error { return work(%s) })\n_ = %s.Wait()", grp, c, c, grp, c, grp)
	}
}

// emit writes an event emission: a sink call of every kind, a helper that
// emits, a method value, in or out of a larger expression, deferred,
// started as a goroutine, with comments and ignore directives.
func (g *gen) emit(e *env) {
	var call string
	switch g.pick(17) {
	case 0:
		call = `r.rec.Event(r.obj, ` + g.eventType() + `, "Failed", "msg")`
	case 1:
		call = `r.rec.Eventf(r.obj, corev1.EventTypeNormal, "Done", "%d", 1)`
	case 2:
		call = `r.rec.AnnotatedEventf(r.obj, nil, ` + g.eventType() + `, "Failed", "m")`
	case 3:
		call = `r.flux.Eventf(r.obj, corev1.EventTypeWarning, "Failed", "m")`
	case 4:
		call = `r.kev.Eventf(r.obj, nil, ` + g.eventType() + `, "Failed", "Reconcile", "m")`
	case 5:
		switch t := g.eventType(); t {
		case "corev1.EventTypeWarning":
			call = `notify(r.rec, r.obj, "m")`
		case "corev1.EventTypeNormal":
			call = `r.failure("m")` // a helper that calls another: a group of two
		default:
			call = `recordOf(r.rec, r.obj, ` + t + `, "m")`
		}
	case 6:
		call = `emitAny(r.rec, r.obj, 42)`
	case 7:
		f := g.fresh("f")
		g.line("%s := r.rec.Eventf", f)
		call = f + `(r.obj, "Warning", "Failed", "m")`
	case 8:
		call = "_ = notified(r.rec, r.obj)"
	case 9:
		g.line("if notified(r.rec, r.obj) {\n_ = 0\n}")
		return
	case 10:
		call = `defer r.rec.Event(r.obj, "Warning", "Failed", "m")`
	case 11:
		call = `go r.rec.Event(r.obj, "Warning", "Failed", "m")`
	case 12:
		call = `defer notify(r.rec, r.obj, "m")`
	case 13:
		call = "r.rec.Eventf(r.obj,\ncorev1.EventTypeWarning,\n\"Failed\", \"%s\",\n\"m\")"
	case 14:
		if e.embedded {
			call = `e.Eventf(r.obj, "Warning", "Failed", "m")`
		} else {
			call = `r.flux.AnnotatedEventf(r.obj, map[string]string{"a": "b"}, "Warning", "Failed", "m")`
		}
	case 15:
		rec := g.fresh("rec")
		g.line("%s := r.rec", rec)
		call = rec + `.Event(r.obj, "Warning", "Failed", "m")`
	case 16:
		call = `_ = 0; r.rec.Event(r.obj, "Warning", "Failed", "m")`
	}
	switch g.pick(8) {
	case 0:
		call += " // trailing comment"
	case 1:
		g.line("//ctxnotify:ignore the caller checks the context")
	case 2:
		g.line("//ctxnotify:ignore")
	case 3:
		call += " //ctxnotify:ignore reason // and more"
	}
	g.line("%s", call)
}

// check returns a condition: a cancellation check of every documented
// form, a DeadlineExceeded test, or an unrelated condition.
func (g *gen) check(e *env) string {
	c, cq, eq := e.ctx, g.cq, g.eq
	if c == "" {
		return "r.obj == nil"
	}
	full := e.errs && e.ctxPkg
	switch g.pick(15) {
	case 1:
		return c + ".Err() == nil"
	case 2, 3, 4, 10:
		if !full {
			break
		}
		switch g.pick(4) {
		case 0:
			return fmt.Sprintf("%sIs(%s.Err(), %sCanceled)", eq, c, cq)
		case 1:
			return fmt.Sprintf("!%sIs(%s.Err(), %sCanceled)", eq, c, cq)
		case 2:
			return fmt.Sprintf("%sIs(%sCause(%s), %sCanceled)", eq, cq, c, cq)
		case 3:
			return fmt.Sprintf("%sIs(%s.Err(), %sDeadlineExceeded)", eq, c, cq)
		}
	case 5:
		if e.ctxPkg {
			return fmt.Sprintf("%s.Err() == %sCanceled", c, cq)
		}
	case 6:
		if e.ctxPkg {
			return fmt.Sprintf("%sCause(%s) != %sCanceled", cq, c, cq)
		}
	case 7:
		return fmt.Sprintf("shuttingDown(%s)", c)
	case 8:
		return fmt.Sprintf("!shuttingDown(%s)", c)
	case 9:
		return fmt.Sprintf("running(%s)", c)
	case 11:
		return "r.obj == nil"
	case 12:
		return g.check(e) + " && " + g.check(e)
	case 13:
		return g.check(e) + " || " + g.check(e)
	case 14:
		return "!(" + g.check(e) + ")"
	}
	return c + ".Err() != nil"
}

// exit returns a statement that leaves the current path.
func (g *gen) exit(e *env) string {
	switch g.pick(6) {
	case 1:
		if e.inLoop {
			return "continue"
		}
	case 2:
		if e.inLoop {
			return "break"
		}
	case 3:
		return `panic("stop")`
	case 4:
		return "os.Exit(1)"
	case 5:
		if e.label != "" {
			return "break " + e.label
		}
	}
	return e.ret
}

// errVar writes a check through a variable assigned from ctx.Err() or
// context.Cause(ctx).
func (g *gen) errVar(e *env) {
	if e.ctx == "" {
		g.line("_ = r.obj")
		return
	}
	src := e.ctx + ".Err()"
	if e.ctxPkg && g.pick(2) == 0 {
		src = g.cq + "Cause(" + e.ctx + ")"
	}
	if g.pick(2) == 0 {
		g.line("if err := %s; err != nil {\n%s\n}", src, g.exit(e))
		return
	}
	g.line("if err := %s; err == nil {", src)
	g.block(*e)
	g.line("}")
}

func (g *gen) selectStmt(e *env) {
	if e.ctx == "" {
		g.line("_ = r.obj")
		return
	}
	g.line("select {\ncase <-%s.Done():", e.ctx)
	if g.pick(2) == 0 {
		g.line("%s", g.exit(e))
	} else {
		g.block(*e)
	}
	if g.pick(3) == 0 {
		g.line("case <-time.After(time.Millisecond):")
		g.block(*e)
	}
	g.line("default:")
	g.block(*e)
	g.line("}")
}

func (g *gen) switchStmt(e *env) {
	if e.ctx != "" && e.ctxPkg && g.pick(2) == 0 {
		g.line("switch %s.Err() {\ncase %sCanceled:\n%s\ndefault:", e.ctx, g.cq, g.exit(e))
	} else {
		g.line("switch {\ncase %s:", g.check(e))
		g.block(*e)
		g.line("default:")
	}
	g.block(*e)
	g.line("}")
}

// loop writes a for loop, possibly labeled, with breaks and continues.
func (g *gen) loop(e *env) {
	inner := *e
	inner.inLoop = true
	switch g.pick(4) {
	case 0:
		i := g.fresh("i")
		g.line("for %s := 0; %s < 2; %s++ {\n_ = %s", i, i, i, i)
		g.block(inner)
	case 1:
		g.line("for range 2 {")
		g.block(inner)
	case 2:
		inner.label = g.fresh("L")
		j := g.fresh("j")
		g.line("%s:\nfor %s := range 3 {", inner.label, j)
		g.block(inner)
		g.line("if %s {\nbreak %s\n}\nif %s > 0 {\ncontinue %s\n}", g.check(&inner), inner.label, j, inner.label)
	case 3:
		g.line("for {")
		g.block(inner)
		g.line("break")
	}
	g.line("}")
}

// closure writes a function literal: called in place, deferred, started
// with go, kept in a variable, or taking its own context.
func (g *gen) closure(e *env) {
	inner := *e
	inner.ret, inner.inLoop, inner.label = "return", false, ""
	switch g.pick(6) {
	case 0:
		g.line("func() {")
		g.block(inner)
		g.ending()
		g.line("}()")
	case 1:
		g.line("defer func() {")
		g.block(inner)
		g.ending()
		g.line("}()")
	case 2:
		g.line("go func() {")
		g.block(inner)
		g.line("}()")
	case 3:
		f := g.fresh("fn")
		g.line("%s := func() {", f)
		g.block(inner)
		g.ending()
		g.line("}\n%s()", f)
	case 4:
		arg := e.ctx
		if arg == "" || g.pick(3) == 0 {
			arg = g.cq + "Background()"
		}
		if !e.ctxPkg {
			g.line("_ = r.obj")
			return
		}
		inner.ctx = "ctx"
		g.line("func(ctx %sContext) {", g.cq)
		g.block(inner)
		g.line("}(%s)", arg)
	case 5:
		g.later(inner)
	}
}

// later writes a literal that runs elsewhere than where it is written, in
// turn: kept in a variable read otherwise than by calls, handed to
// time.AfterFunc or to a hook registrar (both run after the function
// returns), handed to a deferred call that runs it (at the return), or to
// a call that runs it. It consumes no input, so that the corpus keeps its
// programs.
func (g *gen) later(inner env) {
	g.laters++
	switch g.laters % 5 {
	case 0:
		cb := g.fresh("cb")
		g.line("%s := func(err error) {\n_ = err", cb)
		g.block(inner)
		g.line("}\n_ = %s", cb)
		return
	case 1:
		g.line("time.AfterFunc(time.Millisecond, func() {")
	case 2:
		g.line("r.onDone(func() {")
	case 3:
		g.line("defer r.finally(func() {")
	case 4:
		g.line("r.finally(func() {")
	}
	g.block(inner)
	g.ending()
	g.line("})")
}

// gotoStmt writes a forward goto out of a nested block, or a backward one.
func (g *gen) gotoStmt(e *env) {
	label := g.fresh("L")
	if g.pick(2) == 0 {
		g.line("{\nif %s {\ngoto %s\n}", g.check(e), label)
		g.braced(*e)
		g.line("%s:", label)
		g.emit(e)
		g.line("}")
		return
	}
	n := g.fresh("n")
	g.line("{\n%s := 0\n%s:\n%s++", n, label, n)
	g.block(*e)
	g.line("if %s < 2 {\ngoto %s\n}\n}", n, label)
}

// shadow writes a block in which ctx, errors or context names something
// else: a never-cancelled context, a derived one, a non-context.
func (g *gen) shadow(e *env) {
	inner := *e
	g.line("{")
	switch g.pick(5) {
	case 0:
		if !e.ctxPkg {
			break
		}
		g.line("ctx := %sBackground()\n_ = ctx", g.cq)
		inner.ctx = "ctx"
	case 1:
		if !e.ctxPkg {
			break
		}
		if e.ctx == "" {
			g.line("ctx, cancel := %sWithTimeout(%sTODO(), time.Second)", g.cq, g.cq)
		} else {
			g.line("ctx, cancel := %sWithCancel(%s)", g.cq, e.ctx)
		}
		g.line("defer cancel()\n_ = ctx")
		inner.ctx = "ctx"
	case 2:
		g.line("ctx := 0\n_ = ctx")
		inner.ctx = ""
	case 3:
		g.line("errors := []error{nil}\n_ = errors")
		if g.eq == "errors." {
			inner.errs = false
		}
	case 4:
		g.line(`context := "hidden"` + "\n_ = context")
		if g.cq == "context." {
			inner.ctxPkg = false
		}
	}
	g.block(inner)
	g.line("}")
}

// call writes a call of a generated function: direct, through a method
// value, deferred or started with go.
func (g *gen) call(e *env) {
	f := g.fns[g.pick(len(g.fns))]
	arg := e.ctx
	if arg == "" {
		arg = g.cq + "TODO()"
	}
	if !f.callable || !e.ctxPkg && e.ctx == "" {
		g.line("_ = r.obj")
		return
	}
	args := f.argsFormat
	if strings.Contains(args, "%s") {
		args = fmt.Sprintf(args, arg)
	}
	switch g.pick(4) {
	case 0:
		g.line("%s%s", f.valueExpr, args)
	case 1:
		h := g.fresh("h")
		g.line("%s := %s\n%s%s", h, f.valueExpr, h, args)
	case 2:
		g.line("defer %s%s", f.valueExpr, args)
	case 3:
		g.line("go %s%s", f.valueExpr, args)
	}
}
