package guardflow

import (
	"go/token"
	"go/types"
	"sort"
)

// varFacts holds the facts of the tracked variables that differ from
// their default (what a variable holds on entry: a parameter a usable
// context, a captured variable what it held where the literal is defined,
// any other variable nothing), sorted by variable index. Most variables
// hold their default at most points, and a variable out of scope is
// dropped, so that a state stays small however many variables a long
// function declares.
type varFacts []varEntry

type varEntry struct {
	idx  int
	fact varFact
}

// sameFact: the two facts tell the same (explanations aside).
func sameFact(a, b varFact) bool { return a.use == b.use && sameValue(a.val, b.val) }

func (vs varFacts) find(i int) (int, bool) {
	k := sort.Search(len(vs), func(k int) bool { return vs[k].idx >= i })
	return k, k < len(vs) && vs[k].idx == i
}

func (vs varFacts) get(i int, defaults []varFact) varFact {
	if k, ok := vs.find(i); ok {
		return vs[k].fact
	}
	return defaults[i]
}

func (vs *varFacts) set(i int, f varFact, defaults []varFact) {
	k, ok := vs.find(i)
	isDefault := sameFact(f, defaults[i])
	switch {
	case ok && isDefault:
		*vs = append((*vs)[:k], (*vs)[k+1:]...)
	case ok:
		(*vs)[k].fact = f
	case !isDefault:
		*vs = append(*vs, varEntry{})
		copy((*vs)[k+1:], (*vs)[k:])
		(*vs)[k] = varEntry{i, f}
	}
}

// merge calls f with the facts of every variable that either list holds,
// in index order (the default where one does not).
func merge(a, b varFacts, defaults []varFact, f func(i int, x, y varFact)) {
	for len(a) > 0 || len(b) > 0 {
		switch {
		case len(b) == 0 || len(a) > 0 && a[0].idx < b[0].idx:
			f(a[0].idx, a[0].fact, defaults[a[0].idx])
			a = a[1:]
		case len(a) == 0 || b[0].idx < a[0].idx:
			f(b[0].idx, defaults[b[0].idx], b[0].fact)
			b = b[1:]
		default:
			f(a[0].idx, a[0].fact, b[0].fact)
			a, b = a[1:], b[1:]
		}
	}
}

// prune drops the facts of the variables whose scope does not hold pos
// (declared in the body, so their default is to hold nothing).
func (vs *varFacts) prune(vars []*types.Var, pos token.Pos) {
	kept := (*vs)[:0]
	for _, e := range *vs {
		if s := vars[e.idx].Parent(); s == nil || s.Pos() <= pos && pos < s.End() {
			kept = append(kept, e)
		}
	}
	*vs = kept
}
