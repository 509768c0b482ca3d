package fixplan

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
)

// Why no fix is offered is data here; the analyzer's messages say it.

// Unnamed says why no check can name the context a finding holds
// (Context.Unnamed): the zero value where one can, or where none is in
// hand.
type Unnamed struct {
	Kind UnnamedKind
	Var  *types.Var // the context the fix would check
	// Hider is the variable that takes Var's name at the call (Hidden),
	// nil where no name refers to Var there.
	Hider types.Object
	// Call makes the context that shutdown never cancels (NeverCancelled).
	Call *ast.CallExpr
	// Derivation takes Var's name, and its context is one the code
	// cancels itself (Taken).
	Derivation *guardflow.Derivation
}

// UnnamedKind is why no check can name a context.
type UnnamedKind uint8

const (
	NotUnnamed     UnnamedKind = iota
	Hidden                     // another variable takes its name, or no name refers to it
	NeverCancelled             // it may hold a context that shutdown never cancels
	CancelledOnly              // it may hold a context the code cancels, derived from none that it does not
	Taken                      // a derivation whose context the code cancels takes its name
)

// NoRename says why a derived context cannot take a name of its own
// (Plan.NoRename).
type NoRename struct {
	Kind NoRenameKind
	Var  *types.Var // the derivation's variable
	At   token.Pos  // the use or the literal the reason names
}

// NoRenameKind is why a derived context cannot take a name of its own.
type NoRenameKind uint8

const (
	Renamable         NoRenameKind = iota
	Unfollowed                     // its variable cannot be followed
	OuterAssigned                  // its assignment, with =, assigns variables of an outer scope too
	ReadLater                      // a literal that may run after the function returns reads it (At)
	EitherContext                  // a use may hold either context (At)
	OutsideBlock                   // a use is outside the block that declares it (At)
	ReadAfterAssigned              // a literal reads it when it runs, which may be after it is assigned again (At)
	AssignedElsewhere              // it is assigned elsewhere too
	NotInBlock                     // its assignment is not a statement of a block
	NoFreeName                     // no name is free
	JumpedOver                     // a goto jumps over its assignment, and no declaration can go before it
)
