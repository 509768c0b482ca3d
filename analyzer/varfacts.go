package analyzer

import (
	"go/token"
	"go/types"
	"sort"
)

// varFacts holds the facts of the tracked variables that know something
// (a usable or unusable context, a check, the context's error), sorted by
// variable index. Most variables know nothing at most points, and a
// variable out of scope is dropped, so that a state stays small however
// many variables a long function declares.
type varFacts []varEntry

type varEntry struct {
	idx  int
	fact varFact
}

func (f varFact) isDefault() bool { return f.use == 0 && f.val.kind == unknownValue }

func (vs varFacts) find(i int) (int, bool) {
	k := sort.Search(len(vs), func(k int) bool { return vs[k].idx >= i })
	return k, k < len(vs) && vs[k].idx == i
}

func (vs varFacts) get(i int) varFact {
	if k, ok := vs.find(i); ok {
		return vs[k].fact
	}
	return varFact{}
}

func (vs *varFacts) set(i int, f varFact) {
	k, ok := vs.find(i)
	switch {
	case ok && f.isDefault():
		*vs = append((*vs)[:k], (*vs)[k+1:]...)
	case ok:
		(*vs)[k].fact = f
	case !f.isDefault():
		*vs = append(*vs, varEntry{})
		copy((*vs)[k+1:], (*vs)[k:])
		(*vs)[k] = varEntry{i, f}
	}
}

// merge calls f with the facts of every variable either list knows
// something about, in index order.
func merge(a, b varFacts, f func(i int, x, y varFact)) {
	for len(a) > 0 || len(b) > 0 {
		switch {
		case len(b) == 0 || len(a) > 0 && a[0].idx < b[0].idx:
			f(a[0].idx, a[0].fact, varFact{})
			a = a[1:]
		case len(a) == 0 || b[0].idx < a[0].idx:
			f(b[0].idx, varFact{}, b[0].fact)
			b = b[1:]
		default:
			f(a[0].idx, a[0].fact, b[0].fact)
			a, b = a[1:], b[1:]
		}
	}
}

// prune drops the facts of the variables whose scope does not hold pos.
func (vs *varFacts) prune(vars []*types.Var, pos token.Pos) {
	kept := (*vs)[:0]
	for _, e := range *vs {
		if s := vars[e.idx].Parent(); s == nil || s.Pos() <= pos && pos < s.End() {
			kept = append(kept, e)
		}
	}
	*vs = kept
}
