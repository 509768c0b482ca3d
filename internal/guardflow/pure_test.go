package guardflow

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"testing"
)

func TestStates(t *testing.T) {
	for _, tc := range []struct {
		s           States
		str         string
		notCanceled bool
	}{
		{AnyState, "{live,canceled,timedOut}", false},
		{Live | TimedOut, "{live,timedOut}", true},
		{Canceled, "{canceled}", false},
		{0, "{}", true},
	} {
		if got := tc.s.String(); got != tc.str {
			t.Errorf("String(%d) = %s, want %s", tc.s, got, tc.str)
		}
		if got := tc.s.NotCanceled(); got != tc.notCanceled {
			t.Errorf("%s.NotCanceled() = %v, want %v", tc.s, got, tc.notCanceled)
		}
	}
}

func TestOutcomes(t *testing.T) {
	for _, tc := range []struct {
		name         string
		o            Outcomes
		check, loose bool
	}{
		{"errors.Is(ctx.Err(), context.Canceled)", errIsCanceled, true, false},
		{"ctx.Err() == nil", errIsNil, true, true},
		{"ctx.Err() != nil", errIsNil.Negate(), true, true},
		{"ctx.Err() == context.DeadlineExceeded: its yes rules out cancellation", errIsTimeout, true, false},
		{"a boolean that tells nothing", Outcomes{AnyState, AnyState}, false, false},
	} {
		if got := tc.o.IsCheck(); got != tc.check {
			t.Errorf("%s: IsCheck = %v, want %v", tc.name, got, tc.check)
		}
		if got := tc.o.Loose(); got != tc.loose {
			t.Errorf("%s: Loose = %v, want %v", tc.name, got, tc.loose)
		}
	}
	if o := errIsCanceled.Negate(); o.IfTrue != errIsCanceled.IfFalse || o.IfFalse != errIsCanceled.IfTrue {
		t.Errorf("Negate(%v) = %v", errIsCanceled, o)
	}
}

// TestJoinWitness: a stale check over a fresh one over none, the nearer
// of equals; where both outcomes of a check meet, the witness says so.
func TestJoinWitness(t *testing.T) {
	w := witnesses()
	for _, tc := range []struct {
		name string
		a, b Witness
		want Witness
	}{
		{"stale over fresh", w.fresh, w.stale, w.stale},
		{"stale over fresh, either order", w.stale, w.fresh, w.stale},
		{"fresh over none", Witness{}, w.fresh, w.fresh},
		{"the later of equal checks", w.fresh, w.otherFresh, w.otherFresh},
		{"the later of equal checks, either order", w.otherFresh, w.fresh, w.otherFresh},
		{"the later of two stale checks", w.stale, w.otherStale, w.otherStale},
		{"a check over the entry", Witness{Entry: true}, w.fresh, w.fresh},
		{"the same check: one witness", w.fresh, w.fresh, w.fresh},
		{"both outcomes of a check meet", w.fresh, w.cancelled, Witness{Check: w.check, Meets: true}},
		{"both outcomes meet, either order", w.cancelled, w.fresh, Witness{Check: w.check, Meets: true}},
		{"a check that guards a path over one that meets", Witness{Check: w.other, Meets: true}, w.fresh, w.fresh},
		{"the test of another error is kept", Witness{ErrTest: w.errTest}, w.fresh, Witness{Check: w.check, ErrTest: w.errTest}},
		{"the later of two tests", Witness{ErrTest: w.errTest}, Witness{ErrTest: w.otherErrTest}, Witness{ErrTest: w.otherErrTest}},
		{"the entry counts as a check", Witness{}, Witness{Entry: true}, Witness{Entry: true}},
	} {
		if got := joinWitness(tc.a, tc.b); got != tc.want {
			t.Errorf("%s: joinWitness(%+v, %+v) = %+v, want %+v", tc.name, tc.a, tc.b, got, tc.want)
		}
	}
}

// TestJoinWitnessCommutes: the join of two witnesses does not depend on
// which arrived first, over every pair of a set that has witnesses of
// each rank, equal ranks with different checks and calls, and tests of
// other errors.
func TestJoinWitnessCommutes(t *testing.T) {
	w := witnesses()
	var all []Witness
	for _, base := range []Witness{
		{}, {Entry: true}, {Entry: true, StaleAt: w.call},
		w.fresh, w.otherFresh, w.stale, w.otherStale, {Check: w.other, StaleAt: w.call},
		w.cancelled, {Cancelled: w.other}, {Check: w.check, Meets: true}, {Check: w.other, Meets: true},
	} {
		for _, errTest := range []ast.Expr{nil, w.errTest, w.otherErrTest} {
			x := base
			x.ErrTest = errTest
			all = append(all, x)
		}
	}
	for _, a := range all {
		for _, b := range all {
			if ab, ba := joinWitness(a, b), joinWitness(b, a); ab != ba {
				t.Errorf("joinWitness(%+v, %+v) = %+v, but the other way round %+v", a, b, ab, ba)
			}
		}
	}
}

// testWitnesses are witnesses over nodes at known places: check before
// other, call before otherCall, errTest before otherErrTest.
type testWitnesses struct {
	check, other, errTest, otherErrTest *ast.Ident
	call, otherCall                     *ast.CallExpr
	fresh, otherFresh                   Witness
	stale, otherStale                   Witness
	cancelled                           Witness
}

func witnesses() testWitnesses {
	ident := func(pos token.Pos, name string) *ast.Ident { return &ast.Ident{NamePos: pos, Name: name} }
	call := func(pos token.Pos) *ast.CallExpr {
		return &ast.CallExpr{Fun: ident(pos, "update"), Lparen: pos + 6, Rparen: pos + 7}
	}
	w := testWitnesses{
		check: ident(10, "check"), other: ident(20, "other"),
		call: call(30), otherCall: call(40),
		errTest: ident(50, "err"), otherErrTest: ident(60, "err"),
	}
	w.fresh, w.otherFresh = Witness{Check: w.check}, Witness{Check: w.other}
	w.stale, w.otherStale = Witness{Check: w.check, StaleAt: w.call}, Witness{Check: w.check, StaleAt: w.otherCall}
	w.cancelled = Witness{Cancelled: w.check}
	return w
}

// TestVarFacts: only facts that differ from the default are stored, in
// index order, and merge visits the union with defaults filled in.
func TestVarFacts(t *testing.T) {
	defaults := []varFact{{use: mayBeUsable}, {}, {}, {}}
	var vs varFacts
	vs.set(2, varFact{use: mayBeUnusable}, defaults)
	vs.set(0, varFact{use: mayBeUsable}, defaults) // the default: not stored
	vs.set(1, varFact{use: mayBeUsable | mayBeUnusable}, defaults)
	if got := []int{vs[0].idx, vs[1].idx}; len(vs) != 2 || !slices.Equal(got, []int{1, 2}) {
		t.Fatalf("stored %+v, want variables 1 and 2 in order", vs)
	}
	if got := vs.get(0, defaults); got != defaults[0] {
		t.Errorf("get(0) = %+v, want the default", got)
	}
	vs.set(1, varFact{}, defaults) // back to the default: dropped
	if len(vs) != 1 || vs[0].idx != 2 {
		t.Errorf("after resetting 1: %+v", vs)
	}

	var other varFacts
	other.set(3, varFact{use: mayBeUsable}, defaults)
	other.set(2, varFact{use: mayBeUsable}, defaults)
	type visit struct {
		i    int
		x, y Usability
	}
	var got []visit
	merge(vs, other, defaults, func(i int, x, y varFact) { got = append(got, visit{i, x.use, y.use}) })
	want := []visit{{2, mayBeUnusable, mayBeUsable}, {3, 0, mayBeUsable}}
	if !slices.Equal(got, want) {
		t.Errorf("merge visited %+v, want %+v", got, want)
	}
}

// TestInert: the operands the evaluator may skip change nothing when
// evaluated.
func TestInert(t *testing.T) {
	for src, want := range map[string]bool{
		"r.recorder":             true,
		"corev1.EventTypeNormal": true,
		`"reason"`:               true,
		"m[k].f":                 true,
		"a == b":                 true,
		"[]int{x + y, *p}":       true,
		"err.Error()":            false,
		"[]int{f(), x + y}":      false,
		"func() {}":              false,
		"ok && done":             false,
		"!ok":                    false,
		"(<-ch)":                 true,
	} {
		e, err := parser.ParseExpr(src)
		if err != nil {
			t.Fatal(err)
		}
		if got := inert(e); got != want {
			t.Errorf("inert(%s) = %t, want %t", src, got, want)
		}
	}
}

// TestWorklist: blocks come out first in reverse postorder among those
// queued, each once however often it was added, also after an earlier one
// is added again (a loop's back edge).
func TestWorklist(t *testing.T) {
	order := []int32{2, 5, 3, 4, 10, 11} // blocks 4 and 5 unreachable, last
	w := newWorklist(order)
	var got []int32
	take := func() { got = append(got, w.next()) }
	w.add(1)
	w.add(3)
	w.add(3)
	take() // 3, at position 4
	w.add(0)
	w.add(5)
	take() // 0
	take() // 1, at position 5
	w.add(2)
	take() // 2
	take() // 5, at position 11
	if !w.empty() {
		t.Errorf("blocks left after %v", got)
	}
	if want := []int32{3, 0, 1, 2, 5}; !slices.Equal(got, want) {
		t.Errorf("taken %v, want %v", got, want)
	}
}
