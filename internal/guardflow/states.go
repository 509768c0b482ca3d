package guardflow

import "strings"

// States is a set of the states a context may be in. A cancellation
// check narrows it on each of its outcomes: errors.Is(ctx.Err(),
// context.Canceled) leaves {canceled} when true and {live, timedOut} when
// false. A call is guarded where the set excludes canceled.
type States uint8

const (
	Live     States = 1 << iota // ctx.Err() == nil
	Canceled                    // ctx.Err() == context.Canceled
	TimedOut                    // ctx.Err() == context.DeadlineExceeded

	AnyState = Live | Canceled | TimedOut
)

// NotCanceled reports whether the set rules out cancellation: the "not
// cancelled" outcome of a check.
func (s States) NotCanceled() bool { return s&Canceled == 0 }

// informative reports whether a check outcome tells anything.
func (s States) informative() bool { return s != AnyState }

func (s States) String() string {
	var names []string
	for _, st := range []struct {
		bit  States
		name string
	}{{Live, "live"}, {Canceled, "canceled"}, {TimedOut, "timedOut"}} {
		if s&st.bit != 0 {
			names = append(names, st.name)
		}
	}
	return "{" + strings.Join(names, ",") + "}"
}

// Outcomes are what a boolean check tells when it is true and when false.
type Outcomes struct {
	IfTrue, IfFalse States
}

func (o Outcomes) Negate() Outcomes { return Outcomes{o.IfFalse, o.IfTrue} }

// IsCheck reports whether one outcome rules out cancellation and both
// tell something: the shape of a cancellation check.
func (o Outcomes) IsCheck() bool {
	return o.IfTrue.informative() && o.IfFalse.informative() &&
		(o.IfTrue.NotCanceled() || o.IfFalse.NotCanceled())
}

// Loose reports whether the "not cancelled" outcome also rules out a
// timeout: such a check (ctx.Err() != nil) skips the timeout notification.
func (o Outcomes) Loose() bool {
	for _, pair := range [][2]States{{o.IfTrue, o.IfFalse}, {o.IfFalse, o.IfTrue}} {
		if pair[0].NotCanceled() && pair[0]&TimedOut == 0 && pair[1]&TimedOut != 0 {
			return true
		}
	}
	return false
}

// Outcomes of the comparisons of a context's error.
var (
	errIsNil      = Outcomes{IfTrue: Live, IfFalse: Canceled | TimedOut}
	errIsCanceled = Outcomes{IfTrue: Canceled, IfFalse: Live | TimedOut}
	errIsTimeout  = Outcomes{IfTrue: TimedOut, IfFalse: Live | Canceled}
)
