package driver

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// An edit replaces the bytes [start, end) of a file with text; start ==
// end inserts.
type edit struct {
	start, end int
	text       string
}

// inserts reports whether e inserts text and deletes nothing.
func (e edit) inserts() bool { return e.start == e.end }

// sortEdits orders the edits of one fix to one file by start, then end,
// keeping the order of insertions at one offset, as the x/tools drivers
// do when they validate a fix.
func sortEdits(edits []edit) {
	slices.SortStableFunc(edits, func(a, b edit) int {
		return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end))
	})
}

// mergeEdits merges fix, the sorted edits of one fix to a file, into
// taken, the sorted edits of the fixes already accepted for it, by the
// rules of diff.Merge under driverutil.ApplyFixes in golang.org/x/tools
// (the policy of go vet -fix, go fix and the x/tools checker), but for the
// one marked "unlike x/tools":
//
//   - an edit that is in both lists is kept once (two fixes that add the
//     same import);
//   - two different insertions at one offset are both kept, taken's
//     first, as x/tools keeps them: two guarded methods added after a
//     type's last method, by two fixes, both go in, in the order of their
//     fixes. (The analyzer names each unnamed context parameter once for
//     every fix in its function, so two fixes never insert two names at
//     one parameter.);
//   - otherwise, an edit that ends where the other starts goes first (an
//     insertion at the start of a replacement goes before it);
//   - unlike x/tools, an insertion inside the text another edit replaces
//     conflicts. x/tools deletes the replaced text up to the insertion and
//     puts the insertion before the replacement, which lands the insertion
//     among the replacement's words. The analyzer's fixes never make such
//     a pair (a wrap inserts around its statement), so the drivers agree;
//     the rule keeps a future one from writing code that does not parse;
//   - where an edit starts before an overlapping replacement, the part
//     before is deleted and the rest compared again;
//   - two different edits that replace text from the same offset
//     conflict.
//
// On a conflict mergeEdits returns false, and the fix is left out.
func mergeEdits(taken, fix []edit) ([]edit, bool) {
	x, y := slices.Clone(taken), slices.Clone(fix)
	merged := make([]edit, 0, len(x)+len(y))
	for len(x) > 0 && len(y) > 0 {
		a, b := &x[0], &y[0]
		switch {
		case *a == *b:
			merged = append(merged, *a)
			x, y = x[1:], y[1:]
		case a.end <= b.start:
			merged = append(merged, *a)
			x = x[1:]
		case b.end <= a.start:
			merged = append(merged, *b)
			y = y[1:]
		case a.start < b.start && !b.inserts():
			merged = append(merged, edit{a.start, b.start, ""})
			a.start = b.start
		case b.start < a.start && !a.inserts():
			merged = append(merged, edit{b.start, a.start, ""})
			b.start = a.start
		default:
			return nil, false
		}
	}
	merged = append(merged, x...)
	return append(merged, y...), true
}

// applyEdits applies sorted, non-overlapping edits (as mergeEdits makes
// them) to src.
func applyEdits(src []byte, edits []edit) ([]byte, error) {
	var b strings.Builder
	b.Grow(len(src))
	last := 0
	for _, e := range edits {
		if e.start < last || e.start > e.end || e.end > len(src) {
			return nil, fmt.Errorf("edit [%d, %d) of a %d-byte file out of order or range", e.start, e.end, len(src))
		}
		b.Write(src[last:e.start])
		b.WriteString(e.text)
		last = e.end
	}
	b.Write(src[last:])
	return []byte(b.String()), nil
}
