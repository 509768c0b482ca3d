package rungen

import "fmt"

// Event types as the generated code spells them.
const (
	warning = "corev1.EventTypeWarning"
	normal  = "corev1.EventTypeNormal"
)

// formShapes are the shapes of the forms of call that have one.
var formShapes = map[int]Shape{3: Annotated, 4: EventsAPI, 5: HelperDepth1, 6: HelperDepth2, 7: HelperDepth3, 8: TypeFromCaller, 9: PackageHelper, 11: Detached}

// emit writes an emission of an event of type typ (a constant or a
// variable) as a statement.
func (g *gen) emit(e env, typ string) {
	g.line("%s", g.call(e, typ))
}

// call returns an emission of an event of type typ in e, in one of the
// forms a controller uses: a recorder method of either event API, a
// helper without a context that emits (at depth one to three, with its
// type fixed or taken from the caller), or one handed the context that
// cuts it loose from cancellation. Each is a new site, whose reason is on
// the call's first line.
func (g *gen) call(e env, typ string) string {
	kind := g.pick(12)
	if typ != warning && typ != normal && kind >= 5 && kind <= 7 {
		kind = 8 // a helper whose type is fixed would leave the variable unused
	}
	if kind == 11 && (e.ctx == "" || e.late) {
		kind = 10 // no context to hand it
	}
	form := formShapes[kind]
	switch {
	case form != "":
		g.shape(form)
	case typ == normal:
		g.shape(Success)
	}
	switch {
	case e.shape != "":
	case form != "":
		e.shape = form
	case typ == warning:
		e.shape = APIFailure
	case typ == normal:
		e.shape = Success
	default:
		e.shape = VariableType
	}
	tag := g.site(e)
	switch kind {
	case 0, 1, 2:
		if !e.late && !e.lit && e.outOfReach == "" {
			g.directEvents++
		}
		return fmt.Sprintf("r.Recorder.Event(r.obj, %s, %q, %q)", typ, tag, "reconciled")
	case 3:
		return fmt.Sprintf("r.Recorder.AnnotatedEventf(r.obj, map[string]string{\"revision\": \"v1\"}, %s, %q,\n\"%%s: %%s\",\n\"annotated\",\n%q,\n)", typ, tag, "m")
	case 4:
		g.use("events")
		return fmt.Sprintf("r.Events.Eventf(r.obj, nil, %s, %q, \"Reconcile\", \"%%s\", \"note\")", typ, tag)
	case 5:
		g.use("warn")
		return fmt.Sprintf("r.warn(%q)", tag)
	case 6:
		g.use("warn", "fail", "logf")
		return fmt.Sprintf("r.fail(%q)", tag)
	case 7:
		g.use("warn", "fail", "abort", "logf")
		return fmt.Sprintf("r.abort(%q)", tag)
	case 8:
		g.use("notify")
		return fmt.Sprintf("r.notify(%s, %q)", typ, tag)
	case 9:
		g.use("emit", "runtime")
		return fmt.Sprintf("emit(r.Recorder, r.obj, %s, %q)", typ, tag)
	case 11:
		g.use("detached", "logf")
		return fmt.Sprintf("r.detached(%s, %s, %q)", e.ctx, typ, tag)
	default:
		return fmt.Sprintf("r.Recorder.Eventf(r.obj, %s, %q, \"%%s\", %q)", typ, tag, "reconciled")
	}
}
