// Package analyzer defines the ctxnotify analysis pass. The command
// [github.com/ctxnotify/ctxnotify-lint/cmd/ctxnotify-lint] runs it
// standalone, as a go vet -vettool and as a go fix -fixtool; package
// [github.com/ctxnotify/ctxnotify-lint/plugin] runs it in golangci-lint.
// What follows is the rule, which "ctxnotify-lint help ctxnotify" prints.
//
// # Analyzer ctxnotify
//
// ctxnotify: report events emitted after the reconcile context may be cancelled
//
// A controller built on controller-runtime gets one context.Context per
// reconciliation. When the manager shuts down, that context is cancelled
// mid-reconcile: every API call fails with "context canceled", and a
// Warning event emitted for that failure reaches Slack, Teams or PagerDuty
// through notification-controller, while the failed status patch means no
// "recovered" message ever follows. The rule: never emit an event once the
// reconcile context is cancelled. A timeout (context.DeadlineExceeded) is a
// real failure and still notifies.
//
// ctxnotify reports each call that publishes an event, in code that holds a
// usable context, when no fresh cancellation check guards it:
//
//	if errors.Is(ctx.Err(), context.Canceled) {
//		return
//	}
//	if err := r.Patch(ctx, obj, patch); err != nil {
//		r.Eventf(obj, corev1.EventTypeWarning, "PatchFailed", "%s", err) // reported
//	}
//
// The check at the top does not count: shutdown cancels the context while
// Patch runs, Patch fails with "context canceled", and that failure is what
// the event reports. The fix checks after Patch, right before the event:
// here, where the event is the only statement of an if, in its condition
// (see The suggested fix for the other forms):
//
//	if errors.Is(ctx.Err(), context.Canceled) {
//		return
//	}
//	if err := r.Patch(ctx, obj, patch); err != nil && !errors.Is(ctx.Err(), context.Canceled) {
//		r.Eventf(obj, corev1.EventTypeWarning, "PatchFailed", "%s", err)
//	}
//
// It also reports each call that hands a context the code has already
// cancelled to a function that checks it before its events, which would
// drop every one of them (see "Calls that hand on a cancelled context").
//
// # Sinks
//
// A sink is a call that publishes an event, in either Kubernetes event API,
// since code bases move from the first to the second and run both in
// between:
//
//   - core/v1, k8s.io/client-go/tools/record: Event, Eventf and
//     AnnotatedEventf of EventRecorder (and EventRecorderLogger), with
//     (object, [annotations,] eventtype, reason, message...);
//   - events.k8s.io/v1, k8s.io/client-go/tools/events: Eventf of
//     EventRecorder and EventRecorderLogger, and AnnotatedEventf of
//     AnnotatedEventRecorder (client-go v0.37 and later), with
//     (regarding, related, [annotations,] eventtype, reason, action, note...);
//     controller-runtime v0.25's pkg/recorder.EventRecorder (what
//     mgr.GetEventRecorder returns) embeds both;
//   - github.com/fluxcd/pkg/runtime/events.Recorder: up to v0.111 a struct
//     with the core/v1 methods, from v0.113 an interface embedding the two
//     events.k8s.io/v1 ones; and both its and client-go's FakeRecorder;
//
// and any method, on any type, with one of these names, exactly the
// parameter types of that name's method in either API (compared as types:
// ...any and ...interface{} are the same) and no results: custom and fake
// recorders, wrappers, narrowed recorder interfaces, type parameters
// constrained by such a method, recorders embedded in a reconciler struct.
// The message names the event by its reason when that argument is a
// constant: the third argument of a core/v1 Event or Eventf, the fourth of
// its AnnotatedEventf, the fourth of an events.k8s.io/v1 Eventf and the
// fifth of its AnnotatedEventf. The catalogue has both forms of Flux's
// Recorder; the end-to-end tests run on client-go v0.37.2,
// controller-runtime v0.25.2 and Flux's runtime v0.117.0.
// A method that merely shares a name is not a sink. Calls through a local
// variable assigned once from a method value, a function or an
// instantiated generic function (emit := r.Eventf, f := notify[T]) are
// followed; other function values are not. The sinks setting
// (-ctxnotify.sinks) adds sinks by name.
//
// # Trace events
//
// An emission whose event type is the constant "Trace" (Flux's
// eventv1.EventTypeTrace) is not a notification, and is never reported,
// directly or through an emitter: Flux's recorder persists a Trace event as
// a Normal Kubernetes event and never forwards it to notification-controller
// ("Do not send trace events to notification controller"), and client-go's
// recorders drop every type other than Normal and Warning. So Flux's
// "artifact up-to-date" and "garbage collected" events after shutdown are
// no false alarms. The type is the argument before the reason: the second
// of a core/v1 Event or Eventf, the third of its AnnotatedEventf, the third
// of an events.k8s.io/v1 Eventf, the fourth of its AnnotatedEventf. Only a
// constant expression decides (eventv1.EventTypeTrace, "Trace", a constant
// of that value); a variable holding it does not. A configured sink has no
// known type argument: it always notifies.
//
// For an emitter the type can come from its caller:
//
//   - an emitter all of whose emissions are Trace events is no emitter;
//   - an emitter all of whose unguarded emissions take their type from the
//     same parameter, directly or passed on to another such emitter
//     (eventLogf(obj, eventType, reason, msg) calling
//     r.Eventf(obj, eventType, ...)), carries that parameter in its fact
//     (type=param N), as printf's facts carry the format parameter, and the
//     argument at each call decides, also across packages and through
//     interface methods: a call that passes "Trace" there is not reported,
//     every other call is. A parameter the emitter assigns is not its
//     caller's type;
//   - any other emitter is a notification emitter; one all of whose
//     unguarded emissions have the same constant type carries that type in
//     its fact (type="Warning"), for the message of a call of it.
//
// Inside a function with a usable context, a sink whose type is not a
// constant is judged like any other: it is reported there.
//
// # Usable contexts
//
// A call is analysed when a usable context is in hand there: a variable of
// type context.Context in scope (a parameter of its function or of an
// enclosing function, also when blank or unnamed, or a local) that holds,
// on some path to the call, a context shutdown cancels. Usability is
// decided where the variable is used, flow-sensitively:
//
//	ctx, cancel := context.WithTimeout(ctx, d) // still usable: checks on ctx count
//	ctx = context.WithoutCancel(ctx)            // unusable from here on only
//
// A context made by context.Background, context.TODO or
// context.WithoutCancel is not usable, nor one returned by any function
// that is handed such contexts and no usable one
// (ctrl.LoggerInto(context.Background(), log)), nor nil, nor a
// package-level variable. A context returned by any other function handed
// no context at all counts as usable. A check counts only on a context that
// is usable on every path to it. A context reached only through an
// expression (a struct field, a call) is not a variable in hand: a
// function that only uses one counts as a helper without a context (an
// emitter) until it names a context variable. A context read from a struct
// field is not usable either: a test of it (if r.ctx.Err() != nil {
// return }, a guard function or a select handed it) is no check, and the
// fix checks the function's own context; a local given its value
// (ctx := r.ctx, or one derived from it) is a variable like any other.
//
// # Request contexts
//
// The context of an inbound HTTP request, (*net/http.Request).Context(),
// and every context derived from it (context.WithTimeout(r.Context(), d),
// log.IntoContext(r.Context(), l), context.WithoutCancel(r.Context())) is
// not usable either. net/http derives it from the server's base context,
// context.Background() unless the server sets BaseContext (neither
// controller-runtime's webhook and metrics servers nor Flux's event and
// receiver servers do), and cancels it when the client goes away or the
// handler returns, while Server.Shutdown lets running requests finish. So
// shutdown does not reach it; an event emitted after the client went away
// is no false alarm about a shutdown, and dropping it would lose real
// information (an event server reporting a bad inclusion regex on an
// Alert, an audit event for a user's action).
//
// A context parameter holds a request's context in the same way when its
// function is unexported, never used as a value, has static call sites in
// the package's non-test files, and every one of them passes a request's
// context there, or a parameter that itself holds one (the conditions of a
// function guarded at its entry, below):
//
//	func (s *EventServer) handleEvent() http.HandlerFunc {
//		return func(w http.ResponseWriter, r *http.Request) {
//			ctx, cancel := context.WithTimeout(r.Context(), 15*time.Second)
//			defer cancel()
//			if !s.messageIsIncluded(ctx, msg) { ... } // holds a request's context
//
// A call where a variable holding a request's context is in scope and no
// usable context is, is outside the rule: it is not reported, and it does
// not make its function an emitter, so neither are the calls of that
// function (each passes a request's context, or calls a handler, so what
// it emits belongs to that request), whatever other context the caller
// holds. This is decided flow-sensitively like usability: after
// ctx := r.Context(); ctx = s.mgrCtx the variable is usable. A helper fed
// by a handler and by a Reconcile, an exported one, or one used as a value
// may be handed the manager's context: its parameter is usable. A handler
// with no context variable at all is a function without a context (an
// emitter) like any other.
//
// The exception is a server that sets BaseContext to the manager's
// context, so that shutdown does cancel its requests' contexts. Its
// handlers are analysed once they use the manager's context explicitly,
// for example through a server field: ctx, cancel :=
// context.WithTimeout(s.mgrCtx, d).
//
// # Cancellation checks
//
// On a usable context c, or a context derived from it:
//
//	c.Err() != nil, c.Err() == nil
//	errors.Is(c.Err(), context.Canceled), errors.Is(context.Cause(c), context.Canceled)
//	c.Err() == context.Canceled, context.Cause(c) != context.Canceled, ...
//	switch c.Err() { case context.Canceled: ... } and switch { case <check>: ... }
//	select { case <-c.Done(): ...; default: ... } (the default arm is "not cancelled")
//	any of these combined with !, && and ||
//	a call of a guard function, or its negation
//
// errors.Is may be the standard library's, github.com/pkg/errors.Is (and
// other known forwarders), or any function whose body returns errors.Is of
// its two parameters (found in any package, through facts). The same tests
// count on a local error variable that holds c.Err() or context.Cause(c)
// on every path to the test (if err := c.Err(); err != nil), and a local
// boolean counts while it holds a check
// (canceled := errors.Is(ctx.Err(), context.Canceled); if canceled {...}).
// A variable that a nested function assigns, or whose address is taken, is
// not followed.
//
// The analysis keeps, at each point, the states the context may be in:
// live, cancelled, timed out. Each outcome of a check narrows them; a call
// is guarded where cancellation is ruled out. So a test of
// context.DeadlineExceeded alone is no guard on its "no" outcome, but its
// "yes" outcome (the context timed out, so it was not cancelled) guards the
// timeout notification. Calls inside a condition run in evaluation order:
// in "if ctx.Err() == nil && notify(rec, obj)" notify runs only when the
// context is not cancelled, so it is guarded.
//
// A guard function is a function, in any package, with a context parameter
// and a bool result whose true and false results, by the same analysis of
// its body, each tell something of the context's state, one of them ruling
// cancellation out. Its body may have any shape:
//
//	func shuttingDown(ctx context.Context) bool {
//		return errors.Is(ctx.Err(), context.Canceled)
//	}
//	func done(ctx context.Context) bool {
//		select {
//		case <-ctx.Done():
//			return true
//		default:
//			return false
//		}
//	}
//	func canceledNotTimedOut(ctx context.Context) bool {
//		return ctx.Err() != nil && !errors.Is(ctx.Err(), context.DeadlineExceeded)
//	}
//
// It checks the first context parameter its body uses. Guard functions are
// found across packages (facts), also in packages that import no recorder;
// the guards setting (-ctxnotify.guards) adds others by name.
//
// A test of an error returned by some other call (if errors.Is(err,
// context.Canceled) after err := r.client.Update(ctx, obj)) is not a check:
// libraries do not always wrap the context's error (fmt.Errorf with %v
// loses it), and the context itself is the one reliable source. A finding
// whose path passes such a test says so in its message. The test may have
// any shape: errors.Is or a forwarder, err == context.Canceled, or a call
// of an error test, a function in any package (found through facts, as
// guard functions are) with an error parameter and a bool result whose
// body tests that error against context.Canceled, by the same analysis
// with those tests taken as checks, also through another error test or
// after unwrapping it:
//
//	func isCanceledError(err error) bool {
//		for err != nil {
//			if err == context.Canceled {
//				return true
//			}
//			u, ok := err.(interface{ Unwrap() error })
//			if !ok {
//				return false
//			}
//			err = u.Unwrap()
//		}
//		return false
//	}
//
// Handed the context's own error (isCanceledError(ctx.Err())), an error
// test is no check either: a check takes the context (a guard function).
//
// # Fresh checks
//
// A call is guarded when every control-flow path from its function's entry
// to the call passes the "not cancelled" outcome of a check that is still
// fresh at the call: inside if !errors.Is(ctx.Err(), context.Canceled)
// {...}, after if ctx.Err() != nil { return } (or continue, break, goto,
// panic, os.Exit, log.Fatal, klog's Fatal and Exit functions, zap's and
// logrus' fatal calls, syscall.Exit, runtime.Goexit, and any function, in
// any package, that ends in one), in the default arm of the select above.
// Calls in unreachable code are never reported.
//
// A check goes stale at the first context-consuming call after it on the
// path: a call handed a usable context (or one derived from it) as an
// argument, whose results include an error, whether static, an interface
// method (client.Writer), a method value or a function of another package.
// Shutdown cancels the context while that call runs, the call fails with
// "context canceled", and that failure is what a Warning event after it
// reports. Not context-consuming: the checks themselves, guard functions,
// the functions of package context and the methods of context.Context,
// calls that return no error (log.FromContext, ctrl.LoggerFrom,
// context.WithTimeout), calls handed only contexts that shutdown never
// reaches, and calls started with go. Calls that reach the context another
// way (a struct field, a closure) are not followed. The diagnostic for a
// stale check names the check and the call after which it went stale, in
// its message and as related information; the fix is the same check,
// right at the event, which is always fresh.
//
// A check in an enclosing function does not guard a closure that runs
// later (defer func() {...}(), go func() {...}(), callbacks): the closure
// needs its own check. A literal called where it is defined,
// func() {...}(), runs at that point and inherits the state there. A
// deferred call (defer r.Eventf(...), defer notify(rec, obj)) runs when the
// function returns, after any check before it: it is always reported. An
// event in a goroutine (go r.Eventf(...), or inside a closure started with
// go, directly or through a variable) is reported unless a check guards it
// in that goroutine or, for a go statement, right before it; the advice is
// to decide before starting the goroutine.
//
// # Where a literal runs
//
// A function literal that may run after its function returns is, for the
// fix, a goroutine. controller-runtime's ReconciliationTimeout (v0.25)
// wraps every Reconcile in context.WithTimeoutCause and cancels that
// context as soon as Reconcile returns, and a function's deferred cancels
// have run by then too: a check in such a literal on a context it captures
// reports "cancelled" when it runs, and drops every event, a success's
// included. Its events are reported (they need a check of their own when
// they run) and have no fix; the message says to decide before handing the
// literal on:
//
//	time.AfterFunc(d, func() {
//		r.Eventf(obj, corev1.EventTypeNormal, "Refreshed", "...") // reported, no fix
//	})
//
// A literal runs before its function returns when it is called where it
// is written (func() {...}()); held by a local variable assigned once that
// is only called; deferred, or handed to a deferred call of a function
// that runs it (defer r.finally(func() {...}): it runs at the return,
// after the cancels deferred after it, like a deferred literal); or handed
// to a function that runs it: one that calls the parameter before it
// returns and neither keeps it, nor hands it to a function that may, nor
// starts it with go (known through a runs fact, from any analysed
// package), errgroup's Go and TryGo where Wait is called on every path
// after the call, and the runners this package knows by name: sort's
// Slice, SliceStable, Search and Find, the Func functions of slices,
// maps, strings and bytes, sync.Once.Do, client-go's
// workqueue.ParallelizeUntil and retry.RetryOnConflict and OnError,
// apimachinery's meta.EachListItem and the polling and backoff functions
// of k8s.io/apimachinery/pkg/util/wait, and controller-runtime's
// controllerutil.CreateOrUpdate and CreateOrPatch. Any other literal may
// run later: stored in a field, a map, a channel or a variable read
// otherwise than by calls, returned, converted (http.HandlerFunc), handed
// to time.AfterFunc, context.AfterFunc, a hook or callback registrar, an
// informer, an interface method, a function value, or a function of a
// dependency the command did not analyse (without -deps). A literal with a
// context parameter of its own is called with a context by whoever runs
// it (controller-runtime calls a reconcile.Func with the reconciliation's):
// its fix checks that parameter.
//
// Where some paths are guarded and others not, the related information
// points at a check that guards some of them. Where paths meet, a witness
// path is kept per point of the function, so explanations cost no search.
//
// # Emitters and guarded functions
//
// A function without a usable context in hand that reaches a sink, or
// another emitter, on a path it does not guard itself is an emitter. It
// gets no diagnostic of its own; its unguarded calls in code that has a
// context are reported instead, with the chain down to the sink:
//
//	r.notify(obj, "WebhookFailed", …) emits an event (r.Eventf at processor.go:91) without a cancellation check: ...
//
// Emitters are exported as facts, so a helper in a shared package makes
// every unguarded call of it a finding in the packages that import it.
// Calls through function values that are not statically resolvable are
// not followed, nor interface method calls other than sinks and emitter
// interface methods (below).
//
// An unexported function never used as a value, or a function literal
// assigned to a local variable that is only ever called, is itself guarded
// at its entry when it has at least one static call site in non-test files
// and every such call site is guarded by a fresh check (a call site in a
// goroutine does not count). Its body starts fresh: no diagnostic inside
// it, and it is no emitter, until its own first context-consuming call.
// Call sites in _test.go files never count, so that the standalone command,
// go vet and golangci-lint agree. A method that implements an interface of
// its package may be called through it, like a function used as a value:
// it is never guarded at its entry.
//
// # Emitter interface methods
//
// Controller frameworks put an interface of their own in front of the
// recorder: crossplane-runtime's event.Recorder (Event(obj runtime.Object,
// e event.Event), implemented by APIRecorder over a core/v1 recorder),
// karpenter's events.Recorder (Publish(...events.Event)). A method of an
// interface type is an emitter method when a named type declared in the
// interface's own package, in a non-test file, implements the interface
// (as a value or a pointer) and that type's method of the same name (its
// own, or one promoted from an embedded field) is an emitter or a sink. A
// call through the interface then counts like a call of an emitter, also
// through an embedded interface field, a type parameter constrained by the
// interface, a method value, or the value a WithAnnotations-style method
// returns, in its package and, through the fact exported on the
// interface's method, in every package that imports it. The message names
// the implementation that emits:
//
//	r.record.Event(managed, …) emits an event (APIRecorder.Event calls r.kube.AnnotatedEventf at event.go:71) without a cancellation check: ...
//
// ("reaches" instead of "calls" where the implementation emits through
// further calls.) In the call graph, such an interface method is a node
// whose calls are the dispatches to its implementations in the package, so
// a call through it is judged as a call of an emitter is. Not emitter
// methods: one whose implementations in its package do not emit (a
// NopRecorder); one whose implementation has a usable context of its own
// where it emits and is analysed code (that implementation is judged
// itself); and one implemented only in another package, which is not
// known when the interface's package is analysed: name it with
// -ctxnotify.sinks (pkgpath.Interface.Method) then. An implementation that
// reaches the recorder only through a function-typed field is not
// followed either (argo-rollouts' record.EventRecorder is like that: name
// its Eventf and Warnf with -ctxnotify.sinks). Under scope reconcile, an
// implementation outside reconcile code is an emitter like every function
// outside it, so it makes the method an emitter method: a call through the
// interface and a direct call of the implementation are judged alike.
//
// # Scope
//
// By default every function, method and closure with a usable context is
// analysed: in a controller binary that is the reconcile path and the
// runnables the manager starts (Start(ctx)), all cancelled together at
// shutdown (an HTTP handler's request context is not one of them: see
// Request contexts). With
// -ctxnotify.scope=reconcile, only reconcile code is analysed: methods
// named Reconcile whose first parameter is a context.Context, function
// literals converted to controller-runtime's reconcile.Func or
// reconcile.TypedFunc (explicitly, or given where the code expects one: an
// argument, an assignment, a return statement), functions matched by
// -ctxnotify.roots, and every function, method and closure of the package
// that these reach through calls or references (method values, function
// values, closures defined inside them). A call of an interface method of
// the package, and a method value of one, reach the package's
// implementations of it (karpenter's disruption.ComputeCommands through
// its Method interface makes Drift.ComputeCommands reconcile code, and so
// does the method value disruption.ShouldDisrupt for the ShouldDisrupt
// methods). Reconcile code is per package: calls and references into
// other packages do not extend it, so a helper package without roots of
// its own (source-controller's internal/reconcile, with its EventLogf) is
// outside it. Other functions are treated as having no usable context:
// they are emitters (where only a request's context is in hand, a call
// stays outside the rule, in every scope).
//
// # Messages
//
// One diagnostic per call site. The message names the site, so that tools
// that hide repeated messages do not hide findings: the event's reason when
// it is a constant (event "PatchFailed" emitted by r.Eventf), else the call
// with its arguments; for a helper, the call of the helper.
//
// The message says what the event is, by its type (the argument before the
// reason), since a false failure notification is what a Warning event
// alone sends:
//
//	event "InstallFailed" emitted by r.Eventf is not guarded against context cancellation: during shutdown it sends a false failure notification; check errors.Is(ctx.Err(), context.Canceled) first
//	event "Progressing" emitted by r.Eventf is not guarded against context cancellation: during shutdown it notifies about a reconciliation that shutdown cut short; check ...
//	event "Synced" emitted by r.Eventf is not guarded against context cancellation: during shutdown it still sends a notification; check ...
//
// The first is for the constant "Warning" (corev1.EventTypeWarning), the
// second for the constant "Normal", the third for a type that is not
// one of these constants: a variable, a parameter, a configured sink (which
// has no known type argument). For a call of an emitter the type is what
// the emitter emits: its one constant type, or, for an emitter that takes
// its type from a parameter, the argument at the call; an emitter of mixed
// or unknown types gets the third. A message about a stale check names the
// call that made it stale instead.
//
// Related information explains a finding: each step of the chain from a
// helper down to the event, the check that went stale and the call that
// made it so, a check that guards only some paths. A step in another
// package points at the start of its declaration's line: go vet reads
// other packages from export data, which keeps a declaration's line but
// not its column, and every driver prints the same positions. (The
// golangci-lint plugin prints the same lines as part of the finding's
// text: golangci-lint would report each item as an issue of its own.)
//
// Each diagnostic also has a category, for tooling: what its event is
// (warning, normal, normal-saved, notification), a call that hands on a
// cancelled context (handoff), a check strict mode reports (loose-check),
// a directive without a reason (directive). The command's documentation
// lists them with the fields of its JSON output, as a contract.
//
// # Suppressing a finding
//
// A comment //ctxnotify:ignore <reason> at the end of the call's line
// covers that line only; on a line of its own it covers the line below.
// The reason ends at a nested "//". A directive without a reason
// suppresses nothing and is reported itself. An ignored event does not
// make its function an emitter either. golangci-lint's //nolint:ctxnotify
// works through golangci-lint. Findings in _test.go files and generated
// files are not reported (-ctxnotify.generated reports the latter). Test
// files are not analysed for findings, and their calls make no function
// guarded at its entry; the pass reads them only for their calls of the
// helpers that the fix at the helper's depth changes, which that fix
// edits too (see The fix at the helper's depth).
//
// # The suggested fix
//
// For a call that is an expression statement, the fix skips that one
// statement when the context is cancelled, so logging and status updates
// around it stay untouched, in the form a maintainer writes there. Where
// the call is the only statement of an if without else, the condition
// takes the check (parenthesized where it is an ||):
//
//	if err != nil && !errors.Is(ctx.Err(), context.Canceled) {
//		r.Eventf(obj, corev1.EventTypeWarning, reason, "%s", msg)
//	}
//
// Where the call is the last thing its innermost function (a declaration
// or a literal) does on its path, and that function has no results, the
// guard clause goes right before it:
//
//	if errors.Is(ctx.Err(), context.Canceled) {
//		return
//	}
//	r.Eventf(obj, corev1.EventTypeWarning, reason, "%s", msg)
//
// Elsewhere the statement is wrapped in if !errors.Is(ctx.Err(),
// context.Canceled) { ... }.
//
// A function whose checks fold gets no guard clause: one form a function.
// A function (or literal) without results whose statements do nothing but
// emit (calls that are findings with the same check, its Trace events,
// statements that only compute their arguments, assigning locals and
// handing no context to anything, bare returns, and ifs, switches and
// blocks whose conditions only compute and whose statements do nothing but
// emit) gets one check at its top for all of them: a guard clause, or,
// where it opens with an early return (if eventType == "" { return }), the
// check joined to that return's condition:
//
//	if eventType == "" || errors.Is(ctx.Err(), context.Canceled) {
//		return
//	}
//
// One check there skips its Trace events too, as the check inside a helper
// that takes its event type from its callers does: Trace events notify no
// one, and a function that only emits is skipped whole, consistently. The guard
// clause skips exactly what the wrap would (deferred calls run either
// way), and the call keeps its lines. The call is last when it ends the
// body, or only a bare return follows it in its block, or it ends a branch
// of an if (else if and else included) or a case of a switch or type
// switch that is itself last, recursively (also when that statement is
// labeled or a block); never inside a for, range or select, nor before a
// fallthrough. A call that carries a label or does not start its line
// keeps the wrap. The clause goes above the comment lines directly over
// the call, so they stay with it (a directive there stays on the line
// above the call).
//
// The check tests the context that "The context a fix checks" chooses. A
// blank or unnamed context parameter is named ctx (or ctx2, ctx3... when
// ctx would hide a name the function uses or is taken where a fix goes);
// every fix in the function uses the same name; other unnamed parameters
// become _. The errors and context imports are added when missing (into
// the standard library group; another package's import joins the group of
// other modules' imports), and the names under which they are imported
// are used; when those names are hidden at the call, a second import such
// as stderrors "errors" is added. The comments that end the statement's
// line, block comments included, move into the block with it; no other
// comment moves. The only statement of a block written on one line
// (defer func() { r.Event(...) }()) gets the block opened up. A wrap
// leaves the statement's own text as it is (it inserts the if before it
// and the brace after), so the edit of another finding's fix inside it,
// such as the rename of a derived context that a handoff asks for, goes in
// with it in the same run.
//
// The fixed code compiles and a second run reports nothing there. The
// standalone command, go vet -fix and go fix format the files they fix, so
// the result is gofmt-clean even where gofmt must realign the trailing
// comments of neighbouring lines; with golangci-lint --fix, enable its
// gofmt formatter for the same.
//
// For a call of an emitter helper that also does other work (sets a
// condition, fills in data), the call-site fix skips that work too when
// the context is cancelled; the status write that would persist it fails
// with the cancelled context anyway. That is why, for the helpers a
// maintainer would change, the first fix changes the helper instead
// (below).
//
// # The guarded method
//
// Where the methods of one type (and the literals in them) have at least
// three findings that the check at the call can fix, at direct calls of
// the same recorder method through the same field of the receiver (or
// through a recorder the type embeds), re-indenting each long call in a
// wrap of its own is not what a maintainer writes: the first fix of each
// adds one method to the type, after its last method in the file that
// holds most of the calls, and makes the call a call of it, passing the
// context the call-site fix would check (renames included):
//
//	// annotatedEventf records the event unless ctx is canceled: a reconciliation
//	// that shutdown cut short sends no event, and one that timed out still does.
//	func (r *Reconciler) annotatedEventf(ctx context.Context, object runtime.Object, annotations map[string]string, eventtype, reason, messageFmt string, args ...interface{}) {
//		if errors.Is(ctx.Err(), context.Canceled) {
//			return
//		}
//		r.EventRecorder.AnnotatedEventf(object, annotations, eventtype, reason, messageFmt, args...)
//	}
//
// Its name is the recorder method's, lowered; where the type has a field
// or method of that name, promoted ones included, or another group gives
// it, the field's name before the method's (auditEvent for r.audit.Event),
// else record before it (recordEvent), else the lowered name numbered
// (event2); its parameters are the recorder method's. Its
// receiver is named as the type's other methods name theirs (the name most
// of them use), never _: a method whose receiver is unnamed or blank
// (func (*R) Name() string) names none, and is ordinary Go. Where two
// guarded methods go after the same method, one fix each, the drivers add
// both in one run, in the order of their fixes. Where one fix adds two
// there (a helper fixed at its depth whose events take both), every fix
// that adds one of them adds them all, in one order: the drivers coalesce
// only identical insertions that meet in step, and would otherwise add one
// twice. Its parameters spell the
// empty interface as the package does: any where the package's Go version
// allows it and it uses any at least as often as interface{}, else
// interface{}.
//
// One place to check per type: a type that has such a method, or gets
// one, gives every direct call of a recorder method through a field of
// its receiver one, whatever their number, rather than a check of its own
// beside them. Where the type already has an unexported method of that
// shape (a context, then the recorder method's parameters, and one call
// of it through the same field, guarded and forwarding them, among other
// statements such as logging), or a helper that the fix at the helper's
// depth gives a context (the recorder method's parameters, forwarded to
// it: source-controller's annotatedEventLogf, which logs, then emits), the
// calls use it and nothing is added: the helper's check goes right before
// its event, after its logging, and a direct call through it now logs as
// its other calls do. A type whose helpers the fix at the helper's depth
// gives a context has a guarded helper too: its direct calls of a recorder
// go through a guarded method, and so do the helpers' own calls of that
// recorder, with their new parameter, where the method is in their file
// (else their check stays: the two fixes would add the context import
// apart).
//
// Each finding's fix adds the same method and changes its own call, so
// that it is whole on its own, the drivers add the method once when they
// apply several, and the fixes of a group grow with its calls, not with
// their square; a call whose context no check can name there (one that
// must not be checked, below) gets no fix, and the others still go through
// the method. The call-site fix is the second. Calls through other fields, or of
// other recorder methods, count apart; a call in a goroutine, deferred or
// inside an expression has no call-site fix and stays out. Trace events
// and calls with only a request's context in hand are no findings, so none
// goes through the method.
//
// # The fix at the helper's depth
//
// Half of Flux's findings are calls of a few helpers without a context
// (kustomize-controller's r.event, helm-controller's r.failure, which sets
// a condition and then emits). For those, the first fix gives the helper a
// context and checks it once, right before the event, and the call-site
// fix is the second. It applies to a group of helpers that call one
// another, each of which is an emitter declared in the package, unexported,
// without a context parameter or a usable context of its own (a literal
// in it that takes one is judged on its own), never used as a value and
// implementing no interface of the package, in a file that is not
// generated; whose every event (in it and in the literals it defines) is a
// call of another helper of the group or a statement the check can wrap
// outside a goroutine; and whose every static call site in non-test files
// is outside goroutines, not a method expression, not in a generated file,
// and in a function with a usable context the call-site fix could name, or
// in another helper of the group. A helper that returns an error must also
// not be called where a cancellation check holds, other than as a returned
// value: handed the context, its call becomes context-consuming, the check
// would go stale there, and a second run would report the events after it.
// A test file that takes a helper as a value or a method expression, or a
// generated test file that calls one, leaves its group to the call-site
// fix: the test could not be changed with it. The fix, for the whole
// group:
//
//   - gives each helper a first parameter ctx context.Context (after the
//     receiver; ctx2, ctx3... where ctx would hide a name the helper uses, a
//     local ctx or a receiver named ctx; unnamed parameters become _);
//   - checks that parameter right before each event inside the helpers,
//     and each call of an emitter outside the group (with the guard clause
//     or the wrap, as at a call site: most helpers end with their event),
//     so that conditions, logs and status work around it stay;
//   - passes, at every call between helpers of the group, the parameter on,
//     and at every other call (guarded and ignored ones too, or the code
//     would not compile) the context the call-site fix would have checked;
//     a call in a _test.go file passes the test function's context
//     parameter, else context.Background(), so that the test keeps its
//     behaviour (the event is still emitted).
//
// Every finding at a call of a helper of the group carries that same fix,
// and the drivers apply its edits once. It also fixes calls that the
// call-site fix cannot: return r.failure(obj, err), or defer r.event(...),
// whose check then runs inside the helper when the event would go out.
// Where a condition fails the call-site fix is the only one: an exported
// helper (other packages may call it), one used as a value, one called in a
// goroutine, from a function without a context that is no helper of the
// group, or through a method expression, one whose event is deferred or
// inside an expression, and a group one of whose helpers a test file uses
// other than by calling it (as a value: the test would not build). The test files' calls are edited only by a driver
// that analyses the package with its tests (go vet, go fix, and the
// standalone command, which takes the fixes of the test variant), and
// golangci-lint, which drops the edits outside a finding's file, gets the
// call-site fix wherever the group's fix edits another file.
//
// No fix is offered where none is safe: for a call inside a larger
// expression or an if or switch header; for a defer or go statement; for a
// call inside a closure started with go, directly or through a variable,
// or inside a literal that may run after its function returns and checks a
// context it captures (see Where a literal runs: the captured context may
// be cancelled as soon as the function returns, so a check on it would
// drop every event); where the call's own operands make a
// context-consuming call (r.Event(obj, t, r.client.Update(ctx, obj).Error()):
// a check before the statement would be stale at the call); and where no
// usable context can be named at the call.
//
// # The context a fix checks
//
// The fix checks the function's own context parameter (the one named ctx,
// else the first), else that of the nearest enclosing function, else the
// local context declared last: the first that is usable on every path to
// the call. It never checks a context that the code itself may have
// cancelled there, which would report "cancelled" on every run and drop
// every event: a context made by context.WithCancel, WithTimeout or
// WithDeadline (or their Cause forms, or any call that returns a context
// and a func() or func(error), such as signal.NotifyContext) is cancelled
// by its cancel function as well as by shutdown; one made by
// errgroup.WithContext by the group's first error and by Wait. At a point,
// a context is cancelled by the code when, on some path to it, its cancel
// function has been called or used as a value (handed to a function,
// stored in a field, a map or a channel, captured by a literal that may
// call it), or its group has started a goroutine or been waited for.
// defer cancel() is neither, except for a function literal deferred before
// it: deferred calls run last in, first out, so inside that literal the
// cancel has run. A literal that may run more than once or beside itself
// (handed to a function such as a parallel-for or g.Go, started with go,
// held by a variable or stored) counts a cancel it calls or hands on
// anywhere in it as done at every point in it; a literal called where it
// is defined sees what holds there.
//
// What a variable holds is decided where it is used, flow-sensitively. At
// the top level of a function body, ctx, cancel := context.WithTimeout(ctx, d)
// assigns the parameter ctx itself (Go's redeclaration rule), so a literal
// deferred before it, which reads ctx when the function returns, sees the
// derived context; inside an inner block the same line declares a new ctx
// that hides the parameter there. A copy, or a context derived by a
// function that does not cancel it (ctrl.LoggerInto(ctx, log)), holds what
// it was made from.
//
// Where the chosen context may have been cancelled by the code, the fix
// checks the nearest context it was derived from that the code has not
// cancelled there, under the name that refers to it where the check is
// written. Where no name does, because the derivation took the name (it
// reassigned or hid it), the derived context gets a fresh name: the one
// the package gives most often to the contexts it derives that way under a
// name of their own (source-controller's ctxTimeout), where that is not
// the name renamed (a package that derives ctx from context.Background()
// elsewhere gives no convention to ctx), else after what it
// is handed to (scanCtx for r.scan(ctx, obj)), else after what it is
// (timeoutCtx, deadlineCtx, cancelCtx, groupCtx):
//
//	scanCtx, cancel := context.WithTimeout(ctx, d)
//	defer cancel()
//	err := r.scan(scanCtx, obj)
//
// Every use that the derivation's assignment reaches takes the new name,
// but for a literal deferred before it (after the rename it reads the
// parent, which is the point) and the calls that hand a cancelled context
// on (below); = becomes := where that declares nothing else anew. The
// rename is not made where it would change what other code reads: a use
// that both the parent and the derived context may reach, a literal that
// may run after the derivation and reads the name, a literal that reads
// the name when it runs and is written before another assignment of the
// variable on some path (ctx = context.WithoutCancel(ctx) after a hook
// that reads ctx: a closure reads its variables when it runs, and the
// rename would make it read the cancelled derived context), a use outside
// the block that declares the new name, a declared name that is also
// assigned elsewhere, an assignment to a field or with = to variables of
// an outer scope. There the fix keeps the parent under a fresh name right
// before the derivation, where every check that needs it is in that
// name's scope and the parent holds there what the checks must read, and
// checks that name; it changes what no existing code reads:
//
//	reconcileCtx := ctx
//	ctx, cancel := context.WithTimeout(ctx, d)
//	...
//	if err != nil && !errors.Is(reconcileCtx.Err(), context.Canceled) {
//
// (reconcileCtx in a method named Reconcile, else parentCtx). Where
// neither can be made, the finding has no fix and says which context to
// keep under a name of its own. The same holds where a context not
// derived from the chosen one takes its name (a closure's own
// ctx := context.Background()): the parameter is still the usable context,
// but no name reaches it. A helper fixed at its depth is passed the same
// context as the call-site fix would check.
//
// A fix never checks a context that no cancel reaches, shutdown's
// included: where the chosen variable may hold one (a deferred literal
// reading ctx after ctx = context.WithoutCancel(ctx)), the finding has no
// fix.
//
// What a fix declares compiles. Go forbids a goto to jump over a
// declaration into its scope, so where a goto jumps over a derivation made
// with =, the rename keeps = and declares the new name with var beside
// the variables the assignment assigns (var scanCtx context.Context after
// var cancel context.CancelFunc), or at the top of their block; and the
// parent is not kept under a name of its own where a goto jumps over that
// place. Every name a fix declares (a renamed or kept context, the name
// of a blank context parameter, a helper's new parameter, a guarded
// method, its receiver and parameters) is free wherever it is seen: no
// other declaration of it in its scope, no reference in its scope to a
// name it would hide (in nested blocks, closures, parameters, the file's
// imports, the package and the universe), no declaration inside its scope
// that would hide it where the fix refers to it, and, for a method, no
// field or method of the type of that name, promoted ones included.
//
// # Calls that hand on a cancelled context
//
// A call that hands a context the code has cancelled, on every path to
// the call on which it was derived (a deferred literal that runs after a
// deferred cancel, a call after cancel(); a return before the derivation
// leaves the parent in place), to a function that checks that parameter
// before its events is reported at the call: the check would drop every
// event. The function checks it where a check written on the parameter,
// or on a context made from it (a copy, a value or a logger added, a
// derivation: each is cancelled with it), guards one of its events, where
// a fix inserts such a check (at a sink, or passing the context to a
// helper fixed at its depth), or where it passes the parameter, or a
// context made from it, on to a function that checks it; across packages
// through a fact. The fix is the rename above; the call's argument keeps
// its name and so reads the parent. A fix that inserts a check on a
// parameter, or on a context made from it, carries the renames that such
// calls of its function in the package need, so that -fix applies both or
// neither: the check alone would silence the function's events on every
// reconciliation. Two fixes that carry the same rename make identical
// edits, which the drivers apply once.
//
// A call that hands on a cancelled context and also emits without a check
// (its function checks the parameter before one event and cuts it loose
// before another) is one diagnostic, the event's: its message goes on
// with "; the call also hands f a context ...", its related information
// shows both, and its fix makes the handoff's rename too.
//
// # Strict mode
//
// ctx.Err() != nil also skips events when the context timed out, which is a
// real failure. With -ctxnotify.strict, checks (in functions that emit)
// whose "not cancelled" outcome also rules out a timeout are reported,
// pointing at errors.Is(ctx.Err(), context.Canceled).
//
// # Configuration
//
// Each setting has one name: the flag -ctxnotify.NAME of the command
// (standalone, under go vet and go fix) and the key NAME of the
// golangci-lint plugin's settings; both fill a [Config]. Lists are
// comma-separated on the command line and YAML lists in .golangci.yml.
//
//   - scope: "all" (the default) analyses every function, method and
//     closure with a usable context; "reconcile" only reconcile code (see
//     Scope), the rest counting as code without a context.
//   - roots: extra reconcile roots for scope reconcile, as regular
//     expressions over pkgpath.Recv.Method or pkgpath.Func, for example
//     ^example\.com/op/internal/server\.Receiver\.ServeHTTP$.
//   - sinks: extra event sinks, as pkgpath.Func or pkgpath.Type.Method,
//     for example example.com/op/internal/notify.Client.Send; an
//     interface method counts, and every call through the interface is
//     then a sink.
//   - guards: extra guard functions returning true when the context is
//     cancelled, as pkgpath.Func or pkgpath.Type.Method; a leading "!"
//     marks one that returns true when it is not cancelled.
//   - strict: true also reports checks that skip timeouts too (see Strict
//     mode); false by default.
//   - generated: true also reports findings in generated files; false by
//     default.
//
// A bad value stops the run before any package is loaded, with one
// message that names the setting and the form it accepts (under go vet
// and go fix, one line for each package they name: see the command's
// exit codes). A sinks or
// guards entry that names nothing in a package the pass sees (a typo in
// the function or method name) is an error of the pass. The pass reads
// nothing but what analysis.Pass gives it, so an entry whose package does
// not exist is the drivers' to report, when they are configured: the
// standalone command reports an entry that no package it loaded declares,
// the command under go vet and go fix one that lies in the analysed
// package's module but names none of its packages, and the golangci-lint
// plugin the same for the module it runs in.
//
// # Facts
//
// The analyzer exports these facts, so that what it learns in one package
// holds in the packages that import it:
//
//	emitter(...)    a function that emits on a path it does not guard (the chain to the sink),
//	                or an emitter interface method (the implementation that emits, then its chain);
//	                "; type=param N" when its events' type is the argument of its parameter N,
//	                `; type="Warning"` when all its events have that constant type
//	guard(...)      a guard function: its checked parameter and what each result tells
//	errorsIs        a function that forwards to errors.Is
//	errorTest(...)  a function that tests an error against context.Canceled: its error parameter
//	                and what each result would tell of a context whose error it were given
//	noReturn        a function that never returns
//	runs(i,...)     a function that runs its function parameters i only before it returns
//	reachesSinks    a package that imports, directly or transitively, one that declares sinks
//	checks(...)     a package's exported functions that check context parameters before their
//	                events: F[i] where code checks parameter i (written, or passed on to a check),
//	                F[fix i] where the fix inserts the check
//
// # Code with type errors
//
// In a package that does not type-check (which the standalone command
// analyses as far as its types go; go vet and golangci-lint stop at it), a
// call of a known recorder's method is a sink whatever its arguments; a
// check of an undefined name checks nothing; a recorder of an unknown type
// is no recorder, and a context parameter of an unknown type no usable
// context.
//
// # Cost
//
// A package that imports no recorder package (nor
// k8s.io/apimachinery/pkg/runtime), directly or transitively, is skipped
// after a look at its imports; it is only scanned for forwarders, guard
// functions and functions that never return, and exports only those facts.
// Control-flow graphs and the dataflow are built only for functions that
// may emit, and the explanation pass only for functions with findings.
// Deciding implementations costs the package's interfaces times its named
// types, nothing from other packages. Which contexts the code cancels
// itself is followed only in functions that derive a cancellable context,
// and only where a fix or a call to a function that checks its context
// asks. The
// cost grows linearly with the size of a function, its nesting and its
// number of findings.
package analyzer
