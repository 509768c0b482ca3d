package guardflow

import (
	"go/ast"
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

// TestJoinWitness: a stale check over a fresh one over none, the first of
// equals; where both outcomes of a check meet, the witness says so.
func TestJoinWitness(t *testing.T) {
	check, other := &ast.Ident{Name: "check"}, &ast.Ident{Name: "other"}
	call := &ast.CallExpr{}
	errTest := &ast.Ident{Name: "err"}
	fresh := Witness{Check: check}
	stale := Witness{Check: check, StaleAt: call}
	cancelled := Witness{Cancelled: check}
	for _, tc := range []struct {
		name string
		a, b Witness
		want Witness
	}{
		{"stale over fresh", fresh, stale, stale},
		{"stale over fresh, either order", stale, fresh, stale},
		{"fresh over none", Witness{}, fresh, fresh},
		{"the first of equals", Witness{Check: other}, fresh, Witness{Check: other}},
		{"the same check: one witness", fresh, fresh, fresh},
		{"both outcomes of a check meet", fresh, cancelled, Witness{Check: check, Meets: true}},
		{"both outcomes meet, either order", cancelled, fresh, Witness{Check: check, Meets: true}},
		{"a check that guards a path over one that meets", Witness{Check: other, Meets: true}, fresh, fresh},
		{"the test of another error is kept", Witness{ErrTest: errTest}, fresh, Witness{Check: check, ErrTest: errTest}},
		{"the entry counts as a check", Witness{}, Witness{Entry: true}, Witness{Entry: true}},
	} {
		if got := joinWitness(tc.a, tc.b); got != tc.want {
			t.Errorf("%s: joinWitness(%+v, %+v) = %+v, want %+v", tc.name, tc.a, tc.b, got, tc.want)
		}
	}
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
