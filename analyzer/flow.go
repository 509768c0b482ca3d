package analyzer

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/cfg"
)

// The guard dataflow: for every point of a function, what the checks
// passed on every path tell of the context (ctxStates, a must-analysis:
// the union over paths), which context variables hold usable contexts,
// and what the function's boolean and error variables hold. A
// context-consuming call makes every check stale: the states are unknown
// again after it.
//
// A second pass, run only where explanations are needed, keeps one
// witness path per point: the check passed, and the call after which it
// went stale.

// flowEnv is what the dataflow needs to know beyond one function.
type flowEnv struct {
	info     *types.Info
	pkg      *types.Package
	callees  *callees
	noReturn *noReturns
	escaping map[*types.Var]bool
}

// flowOptions select the function's entry state and what is recorded.
type flowOptions struct {
	entryGuarded     bool                     // every call site is guarded: the body starts fresh
	captured         map[*types.Var]usability // context variables of enclosing functions, as the literal sees them
	witnesses        bool                     // run the explanation pass
	summarizeReturns bool                     // record the outcomes of a bool result (guard functions)
}

// flowResult is the analysis of one function body.
type flowResult struct {
	calls    map[*ast.CallExpr]*callFacts
	literals map[*ast.FuncLit]map[*types.Var]usability // context variables as each literal sees them
	checks   []checkAt                                 // the conditions that hold checks, in source order
	ctxVars  []*types.Var                              // the context variables the body may refer to

	returns      outcomes // summarizeReturns: the states when the result is true, false
	returnsKnown bool     // every return statement gives a bool expression
}

// callFacts is what holds where a call is made.
type callFacts struct {
	ctx  ctxStates    // the context's possible states
	vars []*types.Var // the context variables the function may refer to (flowResult.ctxVars)
	use  []usability  // what each of them holds
	why  witness      // with witnesses: how the checks got there
}

func (c *callFacts) guarded() bool { return c.ctx.notCanceled() }

// checkAt is a check in a condition (for -strict).
type checkAt struct {
	cond ast.Expr // the whole condition
	atom ast.Expr // the check
	out  outcomes
}

// witness explains a point's state on one path to it.
type witness struct {
	check     ast.Node      // the last check passed on its "not cancelled" outcome
	entry     bool          // or: the function's entry, guarded by its call sites
	staleAt   *ast.CallExpr // the first context-consuming call after it, if any
	cancelled ast.Node      // or: the last check passed on its other outcome
	meets     bool          // check's other outcome reaches the point too: it guards no path after the merge
	errTest   ast.Expr      // a test of another error against context.Canceled on the way
}

func (w witness) rank() int {
	switch {
	case w.staleAt != nil:
		return 4
	case (w.check != nil || w.entry) && !w.meets:
		return 3
	case w.check != nil || w.entry:
		return 2
	case w.cancelled != nil:
		return 1
	}
	return 0
}

// joinWitness keeps the most telling of two witnesses: a stale check over
// a fresh one over none, the first of equals. Where both outcomes of a
// check meet, the witness says so (meets): that check guards neither of
// the paths after the merge, and another check that does is preferred.
// (That preference can lower a witness; the explanation pass bounds its
// updates, and any witness it keeps is one path's.)
func joinWitness(a, b witness) witness {
	errTest := a.errTest
	if errTest == nil {
		errTest = b.errTest
	}
	var w witness
	switch {
	case a.rank() == 4 || b.rank() == 4:
		w = a
		if a.rank() != 4 {
			w = b
		}
	case a.check != nil && (a.check == b.cancelled || a.check == b.check):
		w = a
		w.meets = a.meets || b.meets || a.check == b.cancelled
	case b.check != nil && b.check == a.cancelled:
		w = b
		w.meets = true
	case b.rank() > a.rank():
		w = b
	default:
		w = a
	}
	w.errTest = errTest
	return w
}

// state is the dataflow state at one point.
type state struct {
	ctx      ctxStates
	vars     varFacts  // by funcAnalysis.varIndex
	defaults []varFact // each variable's fact on entry (shared by all states of a function)
	why      witness
}

func (s *state) get(i int) varFact    { return s.vars.get(i, s.defaults) }
func (s *state) set(i int, f varFact) { s.vars.set(i, f, s.defaults) }

// varFact is what a tracked variable holds on every path.
type varFact struct {
	use usability // context variables
	val value     // boolean and error variables
}

// forgetWhy drops the explanations, for the pass that computes them.
func (s *state) forgetWhy() {
	s.why = witness{}
	for i := range s.vars {
		s.vars[i].fact.val.staleAt = nil
	}
}

// checked reports whether a context-consuming call would change s: a
// check narrowed the states, explains them, or is held by a variable.
func (s *state) checked() bool {
	if s.ctx != anyState || (s.why.check != nil || s.why.entry) && s.why.staleAt == nil {
		return true
	}
	for _, e := range s.vars {
		if v := e.fact.val; (v.kind == isCheck || v.kind == isContextErr) && (!v.stale || v.staleAt == nil) {
			return true
		}
	}
	return false
}

func (s *state) clone() *state {
	if s == nil {
		return nil
	}
	c := *s
	c.vars = append(varFacts(nil), s.vars...)
	return &c
}

// joinMust merges o into s for the must-analysis and reports whether s
// changed. Explanations are left alone.
func (s *state) joinMust(o *state) bool {
	changed := false
	if s.ctx|o.ctx != s.ctx {
		s.ctx |= o.ctx
		changed = true
	}
	var joined varFacts
	merge(s.vars, o.vars, s.defaults, func(i int, a, b varFact) {
		j := varFact{use: a.use | b.use, val: joinValues(a.val, b.val)}
		if !sameFact(j, a) {
			changed = true
		}
		if !sameFact(j, s.defaults[i]) {
			joined = append(joined, varEntry{i, j})
		}
	})
	s.vars = joined
	return changed
}

// joinWhy merges o's explanations into s (joinWitness) and reports
// whether s changed.
func (s *state) joinWhy(o *state) bool {
	changed := false
	if w := joinWitness(s.why, o.why); w != s.why {
		s.why = w
		changed = true
	}
	for k := range s.vars {
		a := &s.vars[k].fact.val
		b := o.get(s.vars[k].idx).val
		if a.kind != unknownValue && a.kind == b.kind && a.staleAt == nil && b.staleAt != nil {
			a.staleAt = b.staleAt
			changed = true
		}
	}
	return changed
}

// joinValues is the must-join of two values a variable may hold.
func joinValues(a, b value) value {
	if a.kind != b.kind || a.kind == unknownValue {
		return value{}
	}
	a.out.ifTrue |= b.out.ifTrue
	a.out.ifFalse |= b.out.ifFalse
	a.stale = a.stale || b.stale
	if a.origin == nil {
		a.origin = b.origin
	}
	return a
}

func sameValue(a, b value) bool {
	return a.kind == b.kind && a.out == b.out && a.stale == b.stale
}

// funcAnalysis is the analysis of one function in progress.
type funcAnalysis struct {
	env      *flowEnv
	fn       *funcNode
	opts     flowOptions
	graph    *cfg.CFG
	varIndex map[*types.Var]int
	vars     []*types.Var
	isCtx    []bool
	ctxIdx   []int // the indexes of the context variables in vars
	caseTags map[ast.Expr]ast.Expr
	selects  map[*cfg.Block]selectEdge
	order    []int32 // each block's position in reverse postorder
	ctxVars  []*types.Var
	defaults []varFact // each variable's fact on entry
	mustIn   []*state  // the must-analysis: the state on entry to each block

	evaluated int64    // expressions evaluated by the current transfer
	outs      []*state // the states transfer returns, valid until its next call
}

// analyzeFunc runs the dataflow over f's body.
func analyzeFunc(env *flowEnv, f *funcNode, opts flowOptions) *flowResult {
	return newFuncAnalysis(env, f, opts).result(opts.witnesses)
}

// newFuncAnalysis builds f's graph and solves the must-analysis.
func newFuncAnalysis(env *flowEnv, f *funcNode, opts flowOptions) *funcAnalysis {
	fa := &funcAnalysis{
		env:      env,
		fn:       f,
		opts:     opts,
		graph:    cfg.New(f.body, env.noReturn.mayReturn),
		varIndex: make(map[*types.Var]int),
	}
	body := scanBody(env.info, f.body)
	fa.trackVars(body)
	fa.defaults = fa.entryFacts()
	fa.order = reversePostorder(fa.graph)
	fa.caseTags = caseTags(body.switches)
	fa.selects = fa.selectEdges(body.selects)
	fa.mustIn = fa.solve(fa.entryState(), nil, (*state).joinMust)
	return fa
}

// result records what holds at each call, literal and check; with
// witnesses, it first runs the explanation pass.
func (fa *funcAnalysis) result(witnesses bool) *flowResult {
	r := &flowResult{
		calls:        make(map[*ast.CallExpr]*callFacts),
		literals:     make(map[*ast.FuncLit]map[*types.Var]usability),
		ctxVars:      fa.ctxVars,
		returnsKnown: true,
	}
	in := fa.mustIn
	if witnesses {
		in = fa.solve(fa.entryState(), in, (*state).joinWhy)
	}
	fa.record(in, r, witnesses)
	return r
}

// entryFacts are the variables' facts on entry: parameters hold usable
// contexts, captured context variables what they held where the literal
// is defined, the others nothing yet.
func (fa *funcAnalysis) entryFacts() []varFact {
	facts := make([]varFact, len(fa.vars))
	params := fa.fn.sig.Params()
	for i := range params.Len() {
		if j, ok := fa.varIndex[params.At(i)]; ok && fa.isCtx[j] {
			facts[j] = varFact{use: mayBeUsable}
		}
	}
	for v, u := range fa.opts.captured {
		if j, ok := fa.varIndex[v]; ok {
			facts[j] = varFact{use: u}
		}
	}
	return facts
}

// entryState is the state on entry: the checks of the call sites when
// the entry is guarded, the variables' entry facts.
func (fa *funcAnalysis) entryState() *state {
	s := &state{ctx: anyState, defaults: fa.defaults}
	if fa.opts.entryGuarded {
		s.ctx = live | timedOut
		s.why.entry = true
	}
	return s
}

// solve computes the state on entry to every block: with joinMust from
// scratch, with joinWhy from the must-states given (only explanations
// change). Blocks never reached stay nil.
func (fa *funcAnalysis) solve(entry *state, base []*state, join func(*state, *state) bool) []*state {
	blocks := fa.graph.Blocks
	in := make([]*state, len(blocks))
	work := newWorklist(fa.order)
	for i, s := range base {
		if s != nil {
			in[i] = s.clone()
			in[i].forgetWhy()
			work.add(int32(i))
		}
	}
	in[0] = entry
	work.add(0)
	updates := make([]int, len(blocks))
	for !work.empty() {
		b := blocks[work.next()]
		outs := fa.transfer(b, in[b.Index], nil)
		for i, succ := range b.Succs {
			out := outs[i]
			if out == nil {
				continue
			}
			changed := false
			if cur := in[succ.Index]; cur == nil {
				in[succ.Index] = out.clone()
				changed = true
			} else if base == nil || updates[succ.Index] < maxWitnessUpdates {
				// Explanations need no fixpoint: any witness is one path's.
				// Bounding their updates keeps the pass linear.
				changed = join(cur, out)
				updates[succ.Index]++
			}
			if changed {
				work.add(succ.Index)
			}
		}
	}
	return in
}

// maxWitnessUpdates bounds how often a block's explanation may change.
const maxWitnessUpdates = 16

// record runs each reached block once more with its final entry state,
// recording what holds at each call, literal and check.
func (fa *funcAnalysis) record(in []*state, r *flowResult, witnesses bool) {
	rec := &recording{result: r, witnesses: witnesses}
	for _, b := range fa.graph.Blocks {
		if in[b.Index] != nil {
			fa.transfer(b, in[b.Index], rec)
		}
	}
}

// recording is where transfer records, on the last sweep.
type recording struct {
	result    *flowResult
	witnesses bool
}
