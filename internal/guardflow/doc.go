// Package guardflow is ctxnotify's guard dataflow: for every call of one
// function body, whether every path to it passed a fresh cancellation
// check's "not cancelled" outcome, which context variables it has in hand
// and what they hold, and, on demand, one witness path that explains it.
//
// Its surface is small: a body and its signature ([Func]) and an
// environment ([Env]: the types, and the policy's answers about called
// functions through [Functions]) go in; [CallState] per call, the checks
// in conditions, what literals see of their enclosing function's contexts,
// and the outcomes of a boolean result (for guard functions) come out.
// What counts as a sink, an emitter or a finding is the analyzer's
// business, not this package's.
//
// The analysis is a must-analysis over go/cfg's blocks: the state at a
// point is the union, over the paths to it, of the context's possible
// states (live, canceled, timedOut); a check narrows it on each outcome,
// and a context-consuming call (one handed a usable context, with an error
// among its results) makes every check stale. Expressions are evaluated in
// Go's evaluation order inside each block, so that a check in a condition
// guards the calls evaluated after it (ctx.Err() == nil && notify(...)),
// and a consuming call among a call's operands is seen before the call.
//
// It evaluates syntax over go/cfg rather than the SSA form of buildssa:
// the checks, the calls and the witnesses it reports are syntax (the
// message names the check and the call that made it stale, the fix puts
// a guard clause before a statement or wraps it), so SSA would have to be
// mapped back to it; and buildssa builds every function of every package
// it runs on, while this analysis runs only over the functions that may
// emit. Measured with the
// standalone command (BENCHMARKS.md, "buildssa"), requiring buildssa alone
// costs more than the whole analysis: on the synthetic module at 16x,
// 1.65x the floor's CPU against 1.47x for ctxnotify; on the example
// module, 1.15x against 1.07x.
package guardflow
