package guardflow

import "math/bits"

// bitset is a set of small integers. Its operations never change their
// operands: a set that a state shares with others is replaced, not
// written, so a state can be copied by copying its slices' headers.
type bitset []uint64

func (s bitset) has(i int) bool {
	w := i / 64
	return w < len(s) && s[w]&(1<<(i%64)) != 0
}

// with returns s with i added.
func (s bitset) with(i int) bitset {
	if s.has(i) {
		return s
	}
	w := i / 64
	out := make(bitset, max(len(s), w+1))
	copy(out, s)
	out[w] |= 1 << (i % 64)
	return out
}

// union returns s ∪ o (s itself when o adds nothing).
func (s bitset) union(o bitset) bitset {
	if o.subsetOf(s) {
		return s
	}
	out := make(bitset, max(len(s), len(o)))
	copy(out, s)
	for i, w := range o {
		out[i] |= w
	}
	return out
}

// minus returns s \ o (s itself when they share nothing).
func (s bitset) minus(o bitset) bitset {
	if !s.meets(o) {
		return s
	}
	out := make(bitset, len(s))
	copy(out, s)
	for i := range min(len(out), len(o)) {
		out[i] &^= o[i]
	}
	return out
}

func (s bitset) meets(o bitset) bool {
	for i := range min(len(s), len(o)) {
		if s[i]&o[i] != 0 {
			return true
		}
	}
	return false
}

func (s bitset) subsetOf(o bitset) bool {
	for i, w := range s {
		var ow uint64
		if i < len(o) {
			ow = o[i]
		}
		if w&^ow != 0 {
			return false
		}
	}
	return true
}

func (s bitset) equal(o bitset) bool { return s.subsetOf(o) && o.subsetOf(s) }

func (s bitset) empty() bool {
	for _, w := range s {
		if w != 0 {
			return false
		}
	}
	return true
}

// each calls f with the members of s in increasing order.
func (s bitset) each(f func(int)) {
	for i, w := range s {
		for w != 0 {
			b := bits.TrailingZeros64(w)
			f(i*64 + b)
			w &^= 1 << b
		}
	}
}

func bitsetOf(members ...int) bitset {
	var s bitset
	for _, m := range members {
		s = s.with(m)
	}
	return s
}
