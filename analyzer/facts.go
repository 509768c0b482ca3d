package analyzer

import (
	"fmt"
	"strings"

	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
)

// The facts the analyzer exports, for the packages that import a package.

// emitterFact marks a function that can emit an event on a path it does not
// guard itself, or an interface method one of whose implementations in its
// package does. Steps lead from the function's own call (or the dispatch
// to the implementation) down to the sink. TypeParam is the parameter
// whose argument is the event type of every emission it makes, or
// notifies (-1): a call that passes "Trace" there notifies no one. Type is
// the constant type of every emission it makes, if they share one: the
// message of a call says what the event is.
type emitterFact struct {
	Steps     []emitStep
	TypeParam int
	Type      string
}

func (f *emitterFact) eventType() eventType { return eventType{konst: f.Type, param: f.TypeParam} }

// emitStep is one step on the way to a sink: a call, what is called and
// where; or the dispatch of an interface method to the implementation
// that emits (Impl alone).
type emitStep struct {
	Callee string // as written at the call, e.g. "r.recorder.Eventf"
	At     string // "file.go:91"
	Impl   string // for a dispatch: the implementation, e.g. "APIRecorder.Event"
}

func (s emitStep) dispatch() bool { return s.Impl != "" }

func (*emitterFact) AFact() {}

func (f *emitterFact) String() string {
	var parts []string
	for _, s := range f.Steps {
		if s.dispatch() {
			parts = append(parts, s.Impl)
		} else {
			parts = append(parts, s.Callee+"@"+s.At)
		}
	}
	steps := strings.Join(parts, " -> ")
	switch {
	case f.TypeParam != notifies:
		return fmt.Sprintf("emitter(%s; type=param %d)", steps, f.TypeParam)
	case f.Type != "":
		return fmt.Sprintf("emitter(%s; type=%q)", steps, f.Type)
	}
	return "emitter(" + steps + ")"
}

// guardFact marks a guard function: its boolean result tells the state of
// its context parameter number Param.
type guardFact guardflow.Guard

func (*guardFact) AFact() {}

func (f *guardFact) String() string {
	return fmt.Sprintf("guard(param=%d, true=%v, false=%v)", f.Param, f.IfTrue, f.IfFalse)
}

// forwarderFact marks a function that returns errors.Is of its two
// parameters: a test through it is a test through errors.Is.
type forwarderFact struct{}

func (*forwarderFact) AFact()         {}
func (*forwarderFact) String() string { return "errorsIs" }

// noReturnFact marks a function that never returns: it ends the path.
type noReturnFact struct{}

func (*noReturnFact) AFact()         {}
func (*noReturnFact) String() string { return "noReturn" }

// sinkReachFact marks a package that imports, directly or transitively, a
// package that declares sinks. A package none of whose imports has it
// cannot emit events and is only scanned for the other facts.
type sinkReachFact struct{}

func (*sinkReachFact) AFact()         {}
func (*sinkReachFact) String() string { return "reachesSinks" }
