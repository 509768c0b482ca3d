package analyzer

import (
	"fmt"
	"strings"
)

// emitterFact marks a function that can emit an event on a path it does not
// guard itself. Steps lead from the function's own call down to the sink.
type emitterFact struct {
	Steps []emitStep
}

// emitStep is one call on the way to a sink: what is called, and where.
type emitStep struct {
	Callee string // as written at the call, e.g. "r.recorder.Eventf"
	At     string // "file.go:91"
}

func (*emitterFact) AFact() {}

func (f *emitterFact) String() string {
	var parts []string
	for _, s := range f.Steps {
		parts = append(parts, s.Callee+"@"+s.At)
	}
	return "emitter(" + strings.Join(parts, " -> ") + ")"
}

// guardFact marks a function whose boolean result is a cancellation check of
// its context parameter number Param.
type guardFact struct {
	Param     int  // index of the checked context parameter
	TrueAlive bool // result true means "not cancelled" (else: "cancelled")
	Specific  bool // tests context.Canceled, so a timeout still notifies
}

func (*guardFact) AFact() {}

func (f *guardFact) String() string {
	return fmt.Sprintf("guard(param=%d, trueAlive=%t, specific=%t)", f.Param, f.TrueAlive, f.Specific)
}

// sinkReachFact marks a package that imports, directly or transitively, a
// package that declares sinks. A package none of whose imports has it
// cannot emit events and is skipped.
type sinkReachFact struct{}

func (*sinkReachFact) AFact()         {}
func (*sinkReachFact) String() string { return "reachesSinks" }
