package analyzer

import "strings"

// ctxStates is a set of the states a context may be in. A cancellation
// check narrows it on each of its outcomes: errors.Is(ctx.Err(),
// context.Canceled) leaves {canceled} when true and {live, timedOut} when
// false. A call is guarded where the set excludes canceled.
type ctxStates uint8

const (
	live     ctxStates = 1 << iota // ctx.Err() == nil
	canceled                       // ctx.Err() == context.Canceled
	timedOut                       // ctx.Err() == context.DeadlineExceeded

	anyState = live | canceled | timedOut
)

// notCanceled reports whether the set rules out cancellation: the "not
// cancelled" outcome of a check.
func (s ctxStates) notCanceled() bool { return s&canceled == 0 }

// informative reports whether a check outcome tells anything.
func (s ctxStates) informative() bool { return s != anyState }

func (s ctxStates) String() string {
	var names []string
	for _, st := range []struct {
		bit  ctxStates
		name string
	}{{live, "live"}, {canceled, "canceled"}, {timedOut, "timedOut"}} {
		if s&st.bit != 0 {
			names = append(names, st.name)
		}
	}
	return "{" + strings.Join(names, ",") + "}"
}

// outcomes are what a boolean check tells when it is true and when false.
type outcomes struct {
	ifTrue, ifFalse ctxStates
}

func (o outcomes) negate() outcomes { return outcomes{o.ifFalse, o.ifTrue} }

// isCheck reports whether one outcome rules out cancellation and both
// tell something: the shape of a cancellation check.
func (o outcomes) isCheck() bool {
	return o.ifTrue.informative() && o.ifFalse.informative() &&
		(o.ifTrue.notCanceled() || o.ifFalse.notCanceled())
}

// loose reports whether the "not cancelled" outcome also rules out a
// timeout: such a check (ctx.Err() != nil) skips the timeout notification.
func (o outcomes) loose() bool {
	for _, pair := range [][2]ctxStates{{o.ifTrue, o.ifFalse}, {o.ifFalse, o.ifTrue}} {
		if pair[0].notCanceled() && pair[0]&timedOut == 0 && pair[1]&timedOut != 0 {
			return true
		}
	}
	return false
}

// Outcomes of the comparisons of a context's error.
var (
	errIsNil      = outcomes{ifTrue: live, ifFalse: canceled | timedOut}
	errIsCanceled = outcomes{ifTrue: canceled, ifFalse: live | timedOut}
	errIsTimeout  = outcomes{ifTrue: timedOut, ifFalse: live | canceled}
)
