package fixplan

import (
	"go/ast"

	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
)

// Detection is what planning a fix reads of what detection decided about
// the package's calls and functions.
type Detection interface {
	// Kind is what a call is to the rule.
	Kind(site *callgraph.Site) CallKind
	// Emitter reports whether a function of the package may emit an event
	// that nothing in it guards: its callers are judged.
	Emitter(f *callgraph.Func) bool
	// IsSinkCall reports whether a call calls a recorder method itself.
	IsSinkCall(site *callgraph.Site) bool
	// TraceCall reports whether a call emits a Trace event only (no
	// notification).
	TraceCall(site *callgraph.Site) bool
	// State is what holds at a call: the contexts in hand, whether a check
	// guards it.
	State(site *callgraph.Site) *guardflow.CallState
}

// CallKind is what a call is to the rule.
type CallKind uint8

const (
	KindOther   CallKind = iota // emits nothing, or is ignored or outside the rule
	KindGuarded                 // emits, and a fresh check guards it
	KindFinding                 // emits, unguarded, with a usable context in hand: reported
	KindEmitter                 // emits, unguarded, without one: its function is an emitter
)

// Finding is an unguarded emitting call in code that holds a usable
// context, and the context a fix checks there.
type Finding struct {
	Site  *callgraph.Site
	State *guardflow.CallState // with explanations
	Check Context              // the context the fix checks
}

// Handoff is what planning reads of a handoff: the call, the
// derivation whose context it hands on, the argument a rename keeps, and
// the parameters that a finding's fix checks and that the context reaches.
type Handoff struct {
	Site          *callgraph.Site
	Derivation    *guardflow.Derivation // nil for a literal that runs later
	Arg           *ast.Ident            // nil where the rename would not mend the call
	FindingChecks []callgraph.Param
}
