package driver

import (
	"cmp"
	"go/token"
	"slices"

	"golang.org/x/tools/go/analysis/checker"
)

// dedupe keeps each finding of the root actions once. A file that belongs
// to a package and to its test variant ("p" and "p [p.test]") is analyzed
// twice, and its findings come twice: the x/tools printers drop the copy
// from text output only, so -json listed every finding under both package
// IDs and -fix met every fix twice. A finding is the same when its
// analyzer, position, end and message are (the key of checker.PrintText);
// the copy kept is that of the package itself, then of the first root in
// order.
func dedupe(roots []*checker.Action) {
	type key struct {
		analyzer string
		pos, end token.Position
		message  string
	}
	seen := make(map[key]bool)
	ordered := slices.Clone(roots)
	slices.SortStableFunc(ordered, func(a, b *checker.Action) int {
		return cmp.Compare(testVariant(a), testVariant(b))
	})
	for _, act := range ordered {
		fset := act.Package.Fset
		kept := act.Diagnostics[:0]
		for _, d := range act.Diagnostics {
			k := key{act.Analyzer.Name, fset.Position(d.Pos), fset.Position(d.End), d.Message}
			if !seen[k] {
				seen[k] = true
				kept = append(kept, d)
			}
		}
		clear(act.Diagnostics[len(kept):])
		act.Diagnostics = kept
	}
}

// testVariant is 1 for a package compiled for a test ("p [p.test]",
// "p_test [p.test]"), 0 for others.
func testVariant(act *checker.Action) int {
	if act.Package.ForTest != "" {
		return 1
	}
	return 0
}
