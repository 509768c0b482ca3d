package driver

import (
	"cmp"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
)

// orderEdits puts the edits of each root finding's fixes in the order of
// their files' names, then of their offsets. The checker sorts a fix's
// edits by token.Pos when it is reported, and the order of two files'
// positions is the order in which the load happened to parse them: a fix
// that edits a helper in one file and its call in another printed its
// edits in either order from one run to the next under -json. The sort is
// stable, so insertions at one offset keep the order the checker kept.
func orderEdits(roots []*checker.Action) {
	for _, act := range roots {
		fset := act.Package.Fset
		for _, d := range act.Diagnostics {
			for _, fix := range d.SuggestedFixes {
				slices.SortStableFunc(fix.TextEdits, func(a, b analysis.TextEdit) int {
					pa, pb := fset.Position(a.Pos), fset.Position(b.Pos)
					return cmp.Or(strings.Compare(pa.Filename, pb.Filename), cmp.Compare(pa.Offset, pb.Offset))
				})
			}
		}
	}
}
