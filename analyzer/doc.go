// Package analyzer defines the ctxnotify analysis pass.
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
// usable context, when no cancellation check guards it:
//
//	if err := r.Patch(ctx, obj, patch); err != nil {
//		r.Eventf(obj, corev1.EventTypeWarning, "PatchFailed", "%s", err) // reported
//	}
//
// and suggests the fix:
//
//	if err := r.Patch(ctx, obj, patch); err != nil {
//		if !errors.Is(ctx.Err(), context.Canceled) {
//			r.Eventf(obj, corev1.EventTypeWarning, "PatchFailed", "%s", err)
//		}
//	}
//
// # Sinks
//
// A sink is a call that publishes an event: Event, Eventf and
// AnnotatedEventf of k8s.io/client-go/tools/record.EventRecorder (and
// EventRecorderLogger), Eventf of k8s.io/client-go/tools/events.EventRecorder,
// Event, Eventf and AnnotatedEventf of github.com/fluxcd/pkg/runtime/events.Recorder,
// and any method with one of these names and the same parameter types:
// custom and fake recorders, wrappers, narrowed recorder interfaces,
// recorders embedded in a reconciler struct. A method that merely shares a
// name is not a sink. Calls through a local variable assigned once from a
// method value or function (emit := r.Eventf) are followed; other function
// values are not. The -sinks flag adds sinks by name.
//
// # Usable contexts
//
// A call is checked when a usable context is in scope there: a parameter of
// type context.Context of its function or of an enclosing function (also
// when blank or unnamed: the function has a context in hand and is
// responsible for its events), or a local context variable declared
// before the call. A context whose every assignment derives from
// context.Background, context.TODO or context.WithoutCancel is not usable:
// shutdown never reaches it. A context reached only through an expression,
// such as req.Context() in an HTTP handler or a struct field, is not a
// variable in scope: the handler counts as a helper without a context (an
// emitter) until it names the context, as in ctx := req.Context().
//
// # Cancellation checks
//
// On a usable context c, or a context derived from it:
//
//	c.Err() != nil, c.Err() == nil
//	errors.Is(c.Err(), context.Canceled), errors.Is(context.Cause(c), context.Canceled)
//	c.Err() == context.Canceled, context.Cause(c) != context.Canceled, ...
//	err != nil where every assignment of err is c.Err() or context.Cause(c)
//	switch c.Err() { case context.Canceled: ... } and switch { case <check>: ... }
//	select { case <-c.Done(): ...; default: ... } (the default arm is "not cancelled")
//	any of these combined with !, && and ||
//	a call of a guard function, or its negation
//
// A guard function is a function, in any package, whose body is a single
// return of such a check on one of its context parameters:
//
//	func shuttingDown(ctx context.Context) bool {
//		return errors.Is(ctx.Err(), context.Canceled)
//	}
//
// Guard functions are found across packages (facts), also in packages that
// import no recorder; -guards adds others by name. A test of
// context.DeadlineExceeded alone is not a check.
//
// A call is guarded when every control-flow path from its function's entry
// to the call passes the "not cancelled" outcome of a check: inside
// if !errors.Is(ctx.Err(), context.Canceled) { ... }, after
// if ctx.Err() != nil { return } (or continue, break, goto, panic, os.Exit,
// log.Fatal, klog.Fatal and other well-known calls that never return, or a
// function of the package that ends in one with no return statement), in
// the default arm of the select above. Calls in unreachable code are never
// reported. Where some paths are guarded and others not, the diagnostic
// points at the checks that do not cover every path.
//
// A check in an enclosing function does not guard a closure that runs
// later (defer func() {...}(), go func() {...}(), callbacks): the closure
// needs its own check. A literal called where it is defined,
// func() {...}(), runs at that point and inherits the guard there. A
// deferred call (defer r.Eventf(...), defer notify(rec, obj)) runs when the
// function returns, after any check before it: it is always reported.
//
// # Emitters
//
// A function without a usable context that reaches a sink, or another
// emitter, on a path it does not guard itself is an emitter. It gets no
// diagnostic of its own; its unguarded calls in code that has a context are
// reported instead, with the chain down to the sink:
//
//	recordEvent emits an event (recorder.Eventf at processor.go:91) without a cancellation check: ...
//
// Emitters are exported as facts, so a helper in a shared package makes
// every unguarded call of it a finding in the packages that import it.
// Interface method calls other than sinks, and calls through function
// values that are not statically resolvable, are not followed.
//
// An unexported function is itself guarded (no diagnostic inside it, and no
// emitter) when it has at least one static call site in non-test files,
// every such call site is guarded, and it is never used as a value. A call
// site inside such a function counts as guarded, so guarded recursion stays
// guarded. Call sites in _test.go files never count, so that the
// standalone command, go vet and golangci-lint agree.
//
// # Scope
//
// By default every function, method and closure with a usable context is
// checked: in a controller binary that is the reconcile path and the
// servers the manager runs, all cancelled together at shutdown. With
// -ctxnotify.scope=reconcile, only reconcile code is checked: methods named
// Reconcile whose first parameter is a context.Context, functions matched by
// -ctxnotify.roots, and every function, method and closure of the package
// that these reach through calls or references (method values, function
// values, closures defined inside them). Other functions are treated as
// having no usable context: they are emitters.
//
// # Suppressing a finding
//
// A comment //ctxnotify:ignore <reason> on the call's line or the line above
// suppresses that finding; the reason ends at a nested "//". A directive
// without a reason suppresses nothing and is reported itself. An ignored
// event does not make its function an emitter either. golangci-lint's
// //nolint:ctxnotify works through golangci-lint. Findings in _test.go
// files and generated files are not reported (-ctxnotify.generated reports
// the latter); test files are not analysed at all.
//
// # The suggested fix
//
// For a call that is an expression statement on a line of its own, the fix
// wraps that one statement in if !errors.Is(ctx.Err(), context.Canceled) {
// ... }, so logging and status updates around it stay untouched. It uses the
// function's own context parameter, else that of the nearest enclosing
// function, else a local context, never one made from context.Background or
// context.TODO. A blank or unnamed context parameter is named ctx (or ctx2,
// ctx3... when ctx would hide a name the function uses); other unnamed
// parameters become _. The errors and context imports are added when
// missing (into the standard library group), and the names under which
// they are imported are used; when those names are hidden at the call, a
// second import such as stderrors "errors" is added. A comment that ends
// the statement's line stays with the statement. The fixed code compiles
// and a second run reports nothing there. The standalone command, go vet
// -fix and go fix format the files they fix, so the result is
// gofmt-clean even where gofmt must realign the trailing comments of
// neighbouring lines; with golangci-lint --fix, enable its gofmt formatter
// for the same.
//
// No fix is offered where none is safe: for a call inside a larger
// expression or an if or switch header; for a defer or go statement; for a
// call inside a closure started with go (the goroutine may outlive the
// function, and the captured context may be cancelled as soon as the
// function returns, so a guard on it would drop every event); and where the
// context's name is hidden at the call by a variable that is not a context.
//
// # Strict mode
//
// ctx.Err() != nil also skips events when the context timed out, which is a
// real failure. With -ctxnotify.strict, such checks (in functions that
// emit) are reported, pointing at errors.Is(ctx.Err(), context.Canceled).
//
// # Cost
//
// A package that imports no recorder package (nor
// k8s.io/apimachinery/pkg/runtime), directly or transitively, is skipped
// after a look at its imports and exports no facts other than its guard
// functions. Control-flow graphs are built only for functions that may
// emit. Facts are only exported for emitters and guards.
package analyzer
