package guardflow

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/cfg"
)

// The guard dataflow: for every point of a function, what the checks
// passed on every path tell of the context (States, a must-analysis:
// the union over paths), which context variables hold usable contexts,
// and what the function's boolean and error variables hold. A
// context-consuming call makes every check stale: the states are unknown
// again after it.
//
// A second pass, run only where explanations are needed, keeps one
// witness path per point: the check passed, and the call after which it
// went stale.

// Env is what the dataflow needs to know beyond one function: the types,
// what the policy knows of called functions, which calls never return,
// and the variables it cannot follow. One Env serves every function of a
// package, so that each callee is classified once.
type Env struct {
	info      *types.Info
	pkg       *types.Package
	callees   *callees
	mayReturn func(*ast.CallExpr) bool
	escaping  map[*types.Var]bool
	types     exprTypes                   // indexed once lookups repay it (direct)
	objects   map[*ast.Ident]types.Object // the identifiers of followed objects, with types
	lookups   int                         // in types.Info, until then
	litUses   map[*ast.BlockStmt]map[*ast.FuncLit]LitUse
}

// NewEnv returns the environment of a package's dataflows. mayReturn
// reports whether a call may return (go/cfg ends a path at one that does
// not); escaping are the variables whose address is taken or that a
// nested function assigns.
func NewEnv(info *types.Info, pkg *types.Package, fns Functions, mayReturn func(*ast.CallExpr) bool, escaping map[*types.Var]bool) *Env {
	return &Env{info: info, pkg: pkg, callees: newCallees(fns), mayReturn: mayReturn, escaping: escaping}
}

// Func is a function body to analyse.
type Func struct {
	Body *ast.BlockStmt
	Sig  *types.Signature
}

// Options select the function's entry state and what is recorded.
// Whether explanations are wanted is Result's argument: they reuse the
// must-analysis.
type Options struct {
	EntryGuarded     bool                     // every call site is guarded: the body starts fresh
	Captured         map[*types.Var]Usability // context variables of enclosing functions, as the literal sees them
	SummarizeReturns bool                     // record the outcomes of a bool result (guard functions)
	// ErrorTestsAsChecks takes each test of an error against
	// context.Canceled as a check on its outcomes, as if the error were
	// the context's: what an error test function's results tell.
	ErrorTestsAsChecks bool
	RequestParams      []*types.Var // context parameters every call site hands a request's context
}

// Result is the analysis of one function body.
type Result struct {
	Calls    map[*ast.CallExpr]*CallState
	Literals map[*ast.FuncLit]map[*types.Var]Usability // context variables as each literal sees them
	Checks   []Check                                   // the conditions that hold checks, in source order

	Returns      Outcomes // SummarizeReturns: the states when the result is true, false
	ReturnsKnown bool     // every return statement gives a bool expression
}

// CallState is what holds where a call is made.
type CallState struct {
	Ctx  States       // the context's possible states
	Vars []*types.Var // the context variables that may hold a context at the call (the others hold none)
	Use  []Usability  // what each of them holds
	Why  Witness      // with witnesses: how the checks got there

	// OperandsConsume: evaluating the call's function and arguments made
	// a context-consuming call, so a check before the call's statement
	// is stale at the call.
	OperandsConsume bool

	// RequestArgs: bit i is set when context argument i (of the first 64)
	// is a request's context on every path (Usability.RequestOnly).
	RequestArgs uint64

	// CheckHeld: a check holds at the call, in the states or in a
	// variable, that the call would make stale if it were handed a usable
	// context and returned an error.
	CheckHeld bool
}

// Guarded reports whether the call is guarded: every path to it passed a
// fresh check's "not cancelled" outcome.
func (c *CallState) Guarded() bool { return c.Ctx.NotCanceled() }

// Check is a check in a condition.
type Check struct {
	Cond ast.Expr // the whole condition
	Atom ast.Expr // the check
	Out  Outcomes
}

// Witness explains a point's state on one path to it.
type Witness struct {
	Check     ast.Node      // the last check passed on its "not cancelled" outcome
	Entry     bool          // or: the function's entry, guarded by its call sites
	StaleAt   *ast.CallExpr // the first context-consuming call after it, if any
	Cancelled ast.Node      // or: the last check passed on its other outcome
	Meets     bool          // Check's other outcome reaches the point too: it guards no path after the merge
	ErrTest   ast.Expr      // a test of another error against context.Canceled on the way
}

func (w Witness) rank() int {
	switch {
	case w.StaleAt != nil:
		return 4
	case (w.Check != nil || w.Entry) && !w.Meets:
		return 3
	case w.Check != nil || w.Entry:
		return 2
	case w.Cancelled != nil:
		return 1
	}
	return 0
}

// joinWitness keeps the most telling of two witnesses: a stale check over
// a fresh one over none. Where both outcomes of a check meet, the witness
// says so (meets): that check guards neither of the paths after the merge,
// and another check that does is preferred. (That preference can lower a
// witness, so the join is not associative; the explanation pass bounds its
// updates, and any witness it keeps is one path's.)
//
// Of two witnesses that tell as much, it keeps the one nearer the point
// (nearer), not the one that arrived first: the join is commutative, and
// what a finding explains does not depend on the order in which the solver
// visits blocks.
func joinWitness(a, b Witness) Witness {
	if nearer(b, a) {
		a, b = b, a
	}
	errTest := a.ErrTest
	if errTest == nil || b.ErrTest != nil && nodeBefore(errTest, b.ErrTest) {
		errTest = b.ErrTest
	}
	var w Witness
	switch {
	case a.rank() == 4 || b.rank() == 4:
		w = a
		if a.rank() != 4 {
			w = b
		}
	case a.Check != nil && (a.Check == b.Cancelled || a.Check == b.Check):
		w = a
		w.Meets = a.Meets || b.Meets || a.Check == b.Cancelled
	case b.Check != nil && b.Check == a.Cancelled:
		w = b
		w.Meets = true
	case b.rank() > a.rank():
		w = b
	default:
		w = a
	}
	w.ErrTest = errTest
	return w
}

// nearer is the order that breaks ties between witnesses: by the call
// that made the check stale, then the check, then the check whose other
// outcome was passed, the later in the source first. A check in the body
// is nearer than the entry, and the last check or call before the point
// is the one a reader of the finding looks for. (ErrTest is joined on its
// own, by the same rule.)
func nearer(a, b Witness) bool {
	var staleA, staleB ast.Node // nil interfaces where there is no call
	if a.StaleAt != nil {
		staleA = a.StaleAt
	}
	if b.StaleAt != nil {
		staleB = b.StaleAt
	}
	for _, n := range [][2]ast.Node{{staleA, staleB}, {a.Check, b.Check}, {a.Cancelled, b.Cancelled}} {
		if n[0] != n[1] {
			return nodeBefore(n[1], n[0])
		}
	}
	if a.Entry != b.Entry {
		return a.Entry
	}
	return !a.Meets && b.Meets
}

// nodeBefore reports whether a starts before b, or at the same place ends
// first: an order on the nodes of one function body, where no two nodes
// that the witnesses hold have the same extent. A missing node (nil) comes
// before every node.
func nodeBefore(a, b ast.Node) bool {
	switch {
	case a == nil || b == nil:
		return a == nil && b != nil
	case a.Pos() != b.Pos():
		return a.Pos() < b.Pos()
	}
	return a.End() < b.End()
}

// state is the dataflow state at one point.
type state struct {
	ctx      States
	vars     varFacts  // by Analysis.varIndex
	defaults []varFact // each variable's fact on entry (shared by all states of a function)
	why      Witness
}

func (s *state) get(i int) varFact    { return s.vars.get(i, s.defaults) }
func (s *state) set(i int, f varFact) { s.vars.set(i, f, s.defaults) }

// varFact is what a tracked variable holds on every path.
type varFact struct {
	use Usability // context variables
	val value     // boolean and error variables
}

// forgetWhy drops the explanations, for the pass that computes them.
func (s *state) forgetWhy() {
	s.why = Witness{}
	for i := range s.vars {
		s.vars[i].fact.val.staleAt = nil
	}
}

// narrowed reports whether a context-consuming call would change s: a
// check narrowed the states, explains them, or is held by a variable.
func (s *state) narrowed() bool {
	if s.ctx != AnyState || (s.why.Check != nil || s.why.Entry) && s.why.StaleAt == nil {
		return true
	}
	for _, e := range s.vars {
		if v := e.fact.val; (v.kind == isCheck || v.kind == isContextErr) && (!v.stale || v.staleAt == nil) {
			return true
		}
	}
	return false
}

// holdsCheck reports whether a check holds in s, in the states or in a
// variable: what a context-consuming call would make stale. Unlike
// narrowed, it ignores the explanations, so that it does not depend on
// whether witnesses are computed.
func (s *state) holdsCheck() bool {
	if s.ctx != AnyState {
		return true
	}
	for _, e := range s.vars {
		if v := e.fact.val; (v.kind == isCheck || v.kind == isContextErr) && !v.stale {
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
// whether s changed. Of the calls that made a variable's check stale, it
// keeps the later, as joinWitness does.
func (s *state) joinWhy(o *state) bool {
	changed := false
	if w := joinWitness(s.why, o.why); w != s.why {
		s.why = w
		changed = true
	}
	for k := range s.vars {
		a := &s.vars[k].fact.val
		b := o.get(s.vars[k].idx).val
		if a.kind != unknownValue && a.kind == b.kind && b.staleAt != nil && (a.staleAt == nil || nodeBefore(a.staleAt, b.staleAt)) {
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
	a.out.IfTrue |= b.out.IfTrue
	a.out.IfFalse |= b.out.IfFalse
	a.stale = a.stale || b.stale
	if a.origin == nil {
		a.origin = b.origin
	}
	return a
}

func sameValue(a, b value) bool {
	return a.kind == b.kind && a.out == b.out && a.stale == b.stale
}

// Analysis is the analysis of one function: its must-analysis solved, its
// results (with or without explanations) recorded on demand.
type Analysis struct {
	env      *Env
	fn       Func
	opts     Options
	graph    *cfg.CFG
	varIndex map[*types.Var]int
	vars     []*types.Var
	nctx     int // vars[:nctx] are the context variables
	ncalls   int // the calls of the body
	caseTags map[ast.Expr]ast.Expr
	selects  map[*cfg.Block]selectEdge
	order    []int32    // each block's position in reverse postorder
	defaults []varFact  // each variable's fact on entry
	inHand   []int      // the context variables that hold something on entry: parameters, captured
	mustIn   []*state   // the must-analysis: the state on entry to each block
	results  [2]*Result // without and with explanations, once computed

	evaluated int      // expressions evaluated so far: the work, which tests measure
	consumed  int      // context-consuming calls evaluated so far
	outs      []*state // the states transfer returns, valid until its next call
}

// Analyze runs the dataflow over f's body, without explanations.
func Analyze(env *Env, f Func, opts Options) *Result {
	return NewAnalysis(env, f, opts).Result(false)
}

// NewAnalysis builds f's graph and solves the must-analysis, recording
// its result as it goes.
func NewAnalysis(env *Env, f Func, opts Options) *Analysis {
	fa := &Analysis{
		env:      env,
		fn:       f,
		opts:     opts,
		graph:    cfg.New(f.Body, env.mayReturn),
		varIndex: make(map[*types.Var]int),
	}
	body := scanBody(env.info, f.Body)
	fa.trackVars(body)
	fa.ncalls = body.calls
	fa.defaults = fa.entryFacts()
	for j := range fa.nctx {
		if fa.defaults[j].use != 0 {
			fa.inHand = append(fa.inHand, j)
		}
	}
	fa.order = reversePostorder(fa.graph)
	fa.caseTags = caseTags(body.switches)
	fa.selects = fa.selectEdges(body.selects)
	rec := fa.newRecording(false)
	fa.mustIn = fa.solve(fa.entryState(), nil, (*state).joinMust, rec)
	fa.results[0] = rec.finish()
	return fa
}

// Result returns what holds at each call, literal and check; with
// witnesses, how the checks got there, which the explanation pass
// records on first use.
func (fa *Analysis) Result(witnesses bool) *Result {
	if witnesses && fa.results[1] == nil {
		rec := fa.newRecording(true)
		fa.solve(fa.entryState(), fa.mustIn, (*state).joinWhy, rec)
		fa.results[1] = rec.finish()
	}
	if witnesses {
		return fa.results[1]
	}
	return fa.results[0]
}

// entryFacts are the variables' facts on entry: parameters hold usable
// contexts (or a request's, as the options say), captured context
// variables what they held where the literal is defined, the others
// nothing yet.
func (fa *Analysis) entryFacts() []varFact {
	facts := make([]varFact, len(fa.vars))
	params := fa.fn.Sig.Params()
	for i := range params.Len() {
		if j, ok := fa.varIndex[params.At(i)]; ok && j < fa.nctx {
			facts[j] = varFact{use: mayBeUsable}
		}
	}
	for _, p := range fa.opts.RequestParams {
		if j, ok := fa.varIndex[p]; ok && j < fa.nctx {
			facts[j] = varFact{use: requestContext}
		}
	}
	for v, u := range fa.opts.Captured {
		if j, ok := fa.varIndex[v]; ok {
			facts[j] = varFact{use: u}
		}
	}
	return facts
}

// entryState is the state on entry: the checks of the call sites when
// the entry is guarded, the variables' entry facts.
func (fa *Analysis) entryState() *state {
	s := &state{ctx: AnyState, defaults: fa.defaults}
	if fa.opts.EntryGuarded {
		s.ctx = Live | TimedOut
		s.why.Entry = true
	}
	return s
}

// solve computes the state on entry to every block: with joinMust from
// scratch, with joinWhy from the must-states given (only explanations
// change). Blocks never reached stay nil. Each transfer records in rec.
func (fa *Analysis) solve(entry *state, base []*state, join func(*state, *state) bool, rec *recording) []*state {
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
		outs := fa.transfer(b, in[b.Index], rec)
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

// recording is where transfer records what holds at calls, literals,
// checks and return statements, as the solver goes. The solver transfers
// a block again whenever what is recorded of its entry state changes, so
// that what the block's last transfer records stands: calls and literals
// are recorded over; checks and returns are kept by block, and put in
// order by finish. (A sweep of its own, once the states were solved, cost
// as much as the solving.)
type recording struct {
	result    *Result
	witnesses bool
	block     int        // the block being transferred
	checks    [][]Check  // by block
	returns   []Outcomes // by block: the states when a bool result is true, false

	// The CallState of the calls not recorded yet, made at once: one per
	// call of the body.
	facts []CallState
	// The Vars and Use of every recorded call, each call's a slice of
	// these: one allocation per doubling, not two per call.
	vars []*types.Var
	uses []Usability
}

func (fa *Analysis) newRecording(witnesses bool) *recording {
	n := len(fa.graph.Blocks)
	return &recording{
		result: &Result{
			Calls:        make(map[*ast.CallExpr]*CallState, fa.ncalls),
			Literals:     make(map[*ast.FuncLit]map[*types.Var]Usability),
			ReturnsKnown: true,
		},
		witnesses: witnesses,
		checks:    make([][]Check, n),
		returns:   make([]Outcomes, n),
		facts:     make([]CallState, fa.ncalls),
	}
}

// newFacts returns the CallState of a call recorded for the first time.
func (rec *recording) newFacts() *CallState {
	if len(rec.facts) == 0 { // a call the walk of the body did not count
		return new(CallState)
	}
	f := &rec.facts[0]
	rec.facts = rec.facts[1:]
	return f
}

// start forgets what block b recorded on its previous transfer.
func (rec *recording) start(b int32) {
	rec.block = int(b)
	rec.checks[b] = rec.checks[b][:0]
	rec.returns[b] = Outcomes{}
}

// finish returns the result, with the checks in the order of the blocks,
// as one sweep over them would have found them.
func (rec *recording) finish() *Result {
	r := rec.result
	n := 0
	for _, checks := range rec.checks {
		n += len(checks)
	}
	if n > 0 {
		r.Checks = make([]Check, 0, n)
	}
	for b := range rec.checks {
		r.Checks = append(r.Checks, rec.checks[b]...)
		r.Returns.IfTrue |= rec.returns[b].IfTrue
		r.Returns.IfFalse |= rec.returns[b].IfFalse
	}
	return r
}
