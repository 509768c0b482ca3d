package rungen

// lateLiteral returns e for the body of a literal that runs after Reconcile has
// returned: it may check the context it can see, but calls no API (the
// order of late callbacks is the scheduler's).
func (e env) lateLiteral(shape Shape) env {
	e = e.literal()
	e.late, e.shape = true, shape
	return e
}

// lateCallback writes a literal that runs after Reconcile has returned,
// handed on in one of the ways controllers do: time.AfterFunc, a hook
// registrar, a field of stored functions, a go statement. The callbacks
// that run in goroutines of their own are announced to r.Late and held
// until Reconcile has returned. shape is the shape the sites take ("" for
// the callback's own).
func (g *gen) lateCallback(e env, shape Shape) {
	kind := g.pick(4)
	own := [...]Shape{AfterFunc, Hook, StoredFunc, Goroutine}[kind]
	g.shape(own)
	if shape == "" {
		shape = own
	}
	in := e.lateLiteral(shape)
	switch kind {
	case 0:
		g.use("late", "time")
		g.line("r.Late.Add()\ntime.AfterFunc(time.Millisecond, func() {\ndefer r.Late.Done()\nr.Late.Hold()")
		g.lateBody(in)
		g.line("})")
	case 1:
		g.use("hooks")
		g.line("r.Hooks.OnDone(func() {")
		g.lateBody(in)
		g.line("})")
	case 2:
		g.use("pending", "flush")
		g.line("r.pending = append(r.pending, func() {")
		g.lateBody(in)
		g.line("})")
	case 3:
		g.use("late")
		g.line("r.Late.Add()\ngo func() {\ndefer r.Late.Done()\nr.Late.Hold()")
		g.lateBody(in)
		g.line("}()")
	}
}

// lateBody writes an event, then more late statements.
func (g *gen) lateBody(e env) {
	g.emit(e, g.eventType())
	g.block(e, g.pick(3))
}

// lateStmt writes a statement of a late literal: an event, one under a
// check written by hand on the context the literal sees, an if.
func (g *gen) lateStmt(e env) {
	switch g.pick(4) {
	case 0, 1:
		g.emit(e, g.eventType())
	case 2:
		if e.ctx == "" {
			g.emit(e, g.eventType())
			return
		}
		g.shape(LateCheck)
		g.line("if %s.Err() == nil {", e.ctx)
		g.emit(e, g.eventType())
		g.line("}")
	case 3:
		g.line("if r.obj.Name == \"\" {")
		g.block(e.inner(), 1+g.pick(2))
		g.line("}")
	}
}

// localFunc writes a literal kept in a local variable and called right
// after: it runs before its function returns.
func (g *gen) localFunc(e env) {
	g.shape(LocalFunc)
	fn := g.fresh("notify")
	in := e.literal()
	in = in.within(LocalFunc)
	g.line("%s := func() {", fn)
	g.emit(in, g.eventType())
	g.runLiteral(func() { g.block(in, g.pick(2)) })
	g.line("}\n%s()", fn)
}

// helperNow writes a literal handed to r.finally, which runs it before it
// returns.
func (g *gen) helperNow(e env) {
	g.shape(HelperNow)
	g.use("finally")
	in := e.literal()
	in = in.within(HelperNow)
	g.line("r.finally(func() {")
	g.emit(in, g.eventType())
	g.runLiteral(func() { g.block(in, g.pick(2)) })
	g.line("})")
}
