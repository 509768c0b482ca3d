package guardflow

import "sort"

// holdState is what holds at a point, on some path to it (a may-analysis:
// the join is the union): the defs that reach each context variable, the
// derivations each canceller may hold, and which derivations have run,
// are cancelled by the code, or ran and were not cancelled since. A
// state is never changed once made: each change makes a new one, so that
// the states recorded at calls stay as they were.
type holdState struct {
	reach     sparseSets // context variable -> defs, where they differ from the defaults
	cancels   sparseSets // canceller -> derivations (its default is none)
	cancelled bitset     // derivations the code may have cancelled: cancel called or handed on, a group started
	ran       bitset     // derivations that may have run
	live      bitset     // derivations that may have run and not been cancelled since
	written   bitset     // literals (by index) whose definition may have been evaluated
	deferred  []deferredLit
}

// deferredLit is a deferred function literal: it runs when its function
// returns, after the cancels deferred after it.
type deferredLit struct {
	lit     int    // its index in the scan's literals
	after   bitset // derivations whose cancel was deferred after it, on some path
	pending bitset // derivations that ran and whose cancel was neither called nor deferred after it, on some path
}

// sparseSets maps small integers to sets, sorted by key; a key not in it
// has its default.
type sparseSets []sparseEntry

type sparseEntry struct {
	key int
	set bitset
}

func (m sparseSets) find(k int) (int, bool) {
	i := sort.Search(len(m), func(i int) bool { return m[i].key >= k })
	return i, i < len(m) && m[i].key == k
}

func (m sparseSets) get(k int, defaults []bitset) bitset {
	if i, ok := m.find(k); ok {
		return m[i].set
	}
	if k < len(defaults) {
		return defaults[k]
	}
	return nil
}

// put returns m with k's set replaced.
func (m sparseSets) put(k int, set bitset) sparseSets {
	i, ok := m.find(k)
	out := make(sparseSets, 0, len(m)+1)
	out = append(out, m[:i]...)
	out = append(out, sparseEntry{k, set})
	if ok {
		i++
	}
	return append(out, m[i:]...)
}

// joinSets returns the union of a and b, key by key (a key one of them
// lacks has its default there), and whether it differs from a: one merge
// of the two sorted lists.
func joinSets(a, b sparseSets, defaults []bitset) (sparseSets, bool) {
	def := func(k int) bitset {
		if k < len(defaults) {
			return defaults[k]
		}
		return nil
	}
	var out sparseSets
	changed := false
	for len(a) > 0 || len(b) > 0 {
		var e sparseEntry
		switch {
		case len(b) == 0 || len(a) > 0 && a[0].key < b[0].key:
			e = sparseEntry{a[0].key, a[0].set.union(def(a[0].key))}
			changed = changed || len(e.set) != len(a[0].set) || !e.set.equal(a[0].set)
			a = a[1:]
		case len(a) == 0 || b[0].key < a[0].key:
			d := def(b[0].key)
			e = sparseEntry{b[0].key, d.union(b[0].set)}
			changed = changed || !b[0].set.subsetOf(d)
			b = b[1:]
		default:
			e = sparseEntry{a[0].key, a[0].set.union(b[0].set)}
			changed = changed || !b[0].set.subsetOf(a[0].set)
			a, b = a[1:], b[1:]
		}
		out = append(out, e)
	}
	return out, changed
}

// prune returns m without the keys keep rejects.
func (m sparseSets) prune(keep func(k int) bool) sparseSets {
	for i, e := range m {
		if keep(e.key) {
			continue
		}
		out := append(sparseSets(nil), m[:i]...)
		for _, e := range m[i+1:] {
			if keep(e.key) {
				out = append(out, e)
			}
		}
		return out
	}
	return m
}

// join returns the union of s and o, and whether it differs from s.
func (s *holdState) join(o *holdState, defaults []bitset) (*holdState, bool) {
	reach, c1 := joinSets(s.reach, o.reach, defaults)
	cancels, c2 := joinSets(s.cancels, o.cancels, nil)
	j := &holdState{
		reach:     reach,
		cancels:   cancels,
		cancelled: s.cancelled.union(o.cancelled),
		ran:       s.ran.union(o.ran),
		live:      s.live.union(o.live),
		written:   s.written.union(o.written),
		deferred:  s.deferred,
	}
	changed := c1 || c2 || !j.cancelled.equal(s.cancelled) || !j.ran.equal(s.ran) || !j.live.equal(s.live) || !j.written.equal(s.written)
	for _, d := range o.deferred {
		k := sort.Search(len(j.deferred), func(k int) bool { return j.deferred[k].lit >= d.lit })
		if k < len(j.deferred) && j.deferred[k].lit == d.lit {
			cur := j.deferred[k]
			u := deferredLit{lit: d.lit, after: cur.after.union(d.after), pending: cur.pending.union(d.pending)}
			if !u.after.equal(cur.after) || !u.pending.equal(cur.pending) {
				j.deferred = withDeferred(j.deferred, k, u, true)
				changed = true
			}
			continue
		}
		j.deferred = withDeferred(j.deferred, k, d, false)
		changed = true
	}
	if !changed {
		return s, false
	}
	return j, true
}

// withDeferred returns list with d at k, replacing what is there when
// replace is set, else inserted.
func withDeferred(list []deferredLit, k int, d deferredLit, replace bool) []deferredLit {
	out := make([]deferredLit, 0, len(list)+1)
	out = append(out, list[:k]...)
	out = append(out, d)
	if replace {
		k++
	}
	return append(out, list[k:]...)
}

func (s *holdState) copy() *holdState {
	c := *s
	return &c
}

// eachDeferred changes each deferred literal of s, a state not yet shared,
// with f, on a copy of the list.
func (s *holdState) eachDeferred(f func(*deferredLit)) {
	if len(s.deferred) == 0 {
		return
	}
	s.deferred = append([]deferredLit(nil), s.deferred...)
	for k := range s.deferred {
		f(&s.deferred[k])
	}
}
