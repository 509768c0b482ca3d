package guardclause // want package:"reachesSinks"

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
)

type R struct {
	rec record.EventRecorder
	obj *corev1.ConfigMap
	log func(string)
}

func update(ctx context.Context) error { return nil }

// The event ends the function: the guard clause goes right before it, and
// the call keeps its lines.
func (r *R) bodyEnd(ctx context.Context, err error) {
	r.log("failed")
	r.rec.AnnotatedEventf( // want `event "BodyEnd" emitted by r\.rec\.AnnotatedEventf is not guarded`
		r.obj,
		map[string]string{"revision": "v1"},
		corev1.EventTypeWarning,
		"BodyEnd",
		"failed: %s",
		err,
	)
}

// A bare return after the event: still the last thing the function does,
// also inside a branch in the middle of the function.
func (r *R) bareReturn(ctx context.Context, err error) {
	if err != nil {
		r.log("failed")
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Branch", err.Error()) // want `event "Branch" emitted by r\.rec\.Event is not guarded`
		return
	}
	r.log("ok")
	r.rec.Event(r.obj, corev1.EventTypeNormal, "BareReturn", "ok") // want `event "BareReturn" emitted by r\.rec\.Event is not guarded`
	return
}

// The comment lines right above the event stay with it: the clause goes
// above them.
func (r *R) commented(ctx context.Context) {
	r.log("failed")

	// Tell the user.
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Commented", "x") // want `event "Commented" emitted by r\.rec\.Event is not guarded`
}

// The last statement of each branch of a trailing if, else if and else.
func (r *R) ifElse(ctx context.Context, n int) {
	if n == 0 {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "If", "x") // want `event "If" emitted by r\.rec\.Event is not guarded`
	} else if n == 1 {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "ElseIf", "x") // want `event "ElseIf" emitted by r\.rec\.Event is not guarded`
	} else {
		r.log("else")
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Else", "x") // want `event "Else" emitted by r\.rec\.Event is not guarded`
	}
}

// An if followed only by a bare return, nested in another trailing if.
func (r *R) nested(ctx context.Context, a, b bool) {
	if a {
		if b {
			r.rec.Event(r.obj, corev1.EventTypeWarning, "Nested", "x") // want `event "Nested" emitted by r\.rec\.Event is not guarded`
		}
		return
	}
}

// The cases of a trailing switch.
func (r *R) exprSwitch(ctx context.Context, n int) {
	switch n {
	case 0:
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Case", "x") // want `event "Case" emitted by r\.rec\.Event is not guarded`
	default:
		r.log("default")
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Default", "x") // want `event "Default" emitted by r\.rec\.Event is not guarded`
	}
}

// The cases of a trailing type switch, a labeled one: a break out of it
// ends the function too.
func (r *R) typeSwitch(ctx context.Context, v any) {
outer:
	switch v := v.(type) {
	case string:
		if v == "" {
			break outer
		}
		r.rec.Event(r.obj, corev1.EventTypeWarning, "TypeCase", v) // want `event "TypeCase" emitted by r\.rec\.Event is not guarded`
	case error:
		r.rec.Event(r.obj, corev1.EventTypeWarning, "TypeCase2", v.Error()) // want `event "TypeCase2" emitted by r\.rec\.Event is not guarded`
	}
}

// A switch that other work follows: the wrap.
func (r *R) switchNotLast(ctx context.Context, v any) {
	switch v.(type) {
	case error:
		r.rec.Event(r.obj, corev1.EventTypeWarning, "NotLast", "x") // want `event "NotLast" emitted by r\.rec\.Event is not guarded`
	}
	r.log("after")
}

// A fallthrough after the event: the next case runs, so the wrap.
func (r *R) fallsThrough(ctx context.Context, n int) {
	switch n {
	case 0:
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Fallthrough", "x") // want `event "Fallthrough" emitted by r\.rec\.Event is not guarded`
		fallthrough
	case 1:
		r.log("one")
	}
}

// A label on the event itself: the wrap, which keeps the label on the
// statement.
func (r *R) labeled(ctx context.Context) {
	goto emit
emit:
	r.rec.Event(r.obj, corev1.EventTypeWarning, "Labeled", "x") // want `event "Labeled" emitted by r\.rec\.Event is not guarded`
}

// A function literal: the clause returns from the literal, which the
// enclosing function goes on after.
func (r *R) literal(ctx context.Context) {
	notify := func(reason string) {
		r.log(reason)
		r.rec.Event(r.obj, corev1.EventTypeWarning, reason, "x") // want `event emitted by r\.rec\.Event\(r\.obj, corev1\.EventTypeWarning, reason, "x"\) is not guarded`
	}
	notify("Literal")
	r.log("after")
}

// A deferred literal that ends with its event.
func (r *R) deferred(ctx context.Context) {
	defer func() {
		r.log("done")
		r.rec.Event(r.obj, corev1.EventTypeNormal, "Deferred", "x") // want `event "Deferred" emitted by r\.rec\.Event is not guarded`
	}()
	r.log("work")
}

// A function with results: the wrap.
func (r *R) results(ctx context.Context) error {
	err := update(ctx)
	if err != nil {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Results", err.Error()) // want `event "Results" emitted by r\.rec\.Event is not guarded`
	}
	return err
}

// A return with values after the event: the wrap.
func (r *R) returnsValues(ctx context.Context) (int, error) {
	if err := update(ctx); err != nil {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "ReturnsValues", err.Error()) // want `event "ReturnsValues" emitted by r\.rec\.Event is not guarded`
		return 0, err
	}
	return 1, nil
}

// Other work after the event, or after the if that holds it: the wrap.
func (r *R) workAfter(ctx context.Context, err error) {
	if err != nil {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "WorkAfter", err.Error()) // want `event "WorkAfter" emitted by r\.rec\.Event is not guarded`
	}
	r.rec.Event(r.obj, corev1.EventTypeNormal, "WorkAfter2", "x") // want `event "WorkAfter2" emitted by r\.rec\.Event is not guarded`
	r.log("after")
}

// In a loop the next iteration follows, even after a return in the
// loop's body the rule keeps the wrap; in a select too.
func (r *R) loops(ctx context.Context, names []string, ch chan int) {
	for _, name := range names {
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Range", name) // want `event "Range" emitted by r\.rec\.Event is not guarded`
	}
	for i := 0; i < 3; i++ {
		if i == 2 {
			r.rec.Event(r.obj, corev1.EventTypeWarning, "For", "x") // want `event "For" emitted by r\.rec\.Event is not guarded`
			return
		}
	}
	select {
	case <-ch:
		r.rec.Event(r.obj, corev1.EventTypeWarning, "Select", "x") // want `event "Select" emitted by r\.rec\.Event is not guarded`
	default:
	}
	_ = errors.New
}
