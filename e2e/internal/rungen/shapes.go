package rungen

// A Shape is a kind of code the generator writes. The first seven are
// what breaks the fix planner at issue 41's starting commit; the others
// are the everyday code around them.
type Shape string

const (
	// Three direct calls of one recorder method through one field (the
	// guarded method's case), in a type whose last method in the file has
	// an unnamed receiver, func (*Reconciler) Name() string.
	GuardedMethodUnnamed Shape = "guarded method, unnamed receiver last"
	// The same, with a blank receiver: func (_ *Reconciler) Kind() string.
	GuardedMethodBlank Shape = "guarded method, blank receiver last"
	// var cancel; goto L; ctx, cancel = context.WithTimeout(ctx, d); L:,
	// with a literal deferred before that needs the parent context.
	GotoOverDerivation Shape = "goto over an = derivation"
	// An event in a time.AfterFunc callback written after
	// ctx, cancel := context.WithTimeout(ctx, d); defer cancel().
	AfterFuncCallback Shape = "time.AfterFunc callback after a derivation"
	// An event in a callback handed to a hook registrar after the same.
	HookCallback Shape = "hook callback after a derivation"
	// defer r.finally(func(){ ...event... }) before the same.
	DeferredHelperLiteral Shape = "literal handed to a deferred helper before a derivation"
	// A hook closure that reads ctx when it runs, written after a
	// derivation that the fix renames and before ctx =
	// context.WithoutCancel(ctx).
	ClosureReassigned Shape = "closure reading a context reassigned later"

	APIFailure       Shape = "Warning event after a failed API call"
	Success          Shape = "Normal event"
	VariableType     Shape = "variable event type"
	EventsAPI        Shape = "events.k8s.io/v1 Eventf"
	Annotated        Shape = "AnnotatedEventf over several lines"
	HelperDepth1     Shape = "helper without a context"
	HelperDepth2     Shape = "helper without a context, at depth 2"
	HelperDepth3     Shape = "helper without a context, at depth 3"
	TypeFromCaller   Shape = "helper taking its event type from its caller"
	PackageHelper    Shape = "package-level helper"
	Detached         Shape = "helper handed the context, which it cuts loose from cancellation"
	Step             Shape = "step with a context of its own"
	DeferredStatus   Shape = "deferred status-and-notify literal"
	DeferredEvent    Shape = "deferred event"
	SeedShape        Shape = "deferred literal before a derivation whose cancel is deferred"
	ShadowedCtx      Shape = "ctx shadowed in a nested block"
	DeriveInBlock    Shape = ":= derivation in a nested block"
	DeriveAssignIf   Shape = "= derivation of the parameter in an if"
	DeriveAssignLoop Shape = "= derivation in a loop"
	Errgroup         Shape = "errgroup.WithContext"
	ErrgroupCtx      Shape = "errgroup.WithContext taking the name ctx"
	ParallelFor      Shape = "parallel-for"
	GuardHelper      Shape = "guard function"
	FreshCheck       Shape = "fresh check written by hand"
	StaleCheck       Shape = "stale check"
	LabeledLoop      Shape = "labeled loop"
	GotoSkip         Shape = "goto forward"
	AfterFunc        Shape = "time.AfterFunc callback"
	Hook             Shape = "hook callback"
	Goroutine        Shape = "goroutine"
	StoredFunc       Shape = "function stored in a field, run after Reconcile"
	LocalFunc        Shape = "literal in a local variable, called"
	HelperNow        Shape = "literal handed to a helper that runs it"
	LateCheck        Shape = "check written by hand in a late callback"
	WithoutCancel    Shape = "ctx = context.WithoutCancel(ctx)"
)

// Shapes lists every shape, in the order above.
var Shapes = []Shape{
	GuardedMethodUnnamed, GuardedMethodBlank, GotoOverDerivation, AfterFuncCallback, HookCallback,
	DeferredHelperLiteral, ClosureReassigned,
	APIFailure, Success, VariableType, EventsAPI, Annotated, HelperDepth1, HelperDepth2, HelperDepth3,
	TypeFromCaller, PackageHelper, Detached, Step, DeferredStatus, DeferredEvent, SeedShape, ShadowedCtx,
	DeriveInBlock, DeriveAssignIf, DeriveAssignLoop, Errgroup, ErrgroupCtx, ParallelFor, GuardHelper,
	FreshCheck, StaleCheck, LabeledLoop, GotoSkip, AfterFunc, Hook, Goroutine, StoredFunc, LocalFunc, HelperNow,
	LateCheck, WithoutCancel,
}
