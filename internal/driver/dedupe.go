package driver

import (
	"cmp"
	"go/token"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
)

// dedupe keeps each finding of the root actions once. A file that belongs
// to a package and to its test variant ("p" and "p [p.test]") is analyzed
// twice, and its findings come twice: the x/tools printers drop the copy
// from text output only, so -json listed every finding under both package
// IDs and -fix met every fix twice. A finding is the same when its
// analyzer, position, end and message are (the key of checker.PrintText);
// the copy kept is that of the package itself, then of the first root in
// order. Its fixes are those of the test variant's copy, when there is
// one: a fix at a helper's depth also passes a context at the calls of the
// helper in the package's test files, which only the test variant sees.
// (Every root shares the load's file set, so the test variant's positions
// are good in the package's diagnostic.)
func dedupe(roots []*checker.Action) {
	type key struct {
		analyzer string
		pos, end token.Position
		message  string
	}
	kept := make(map[key]*analysis.Diagnostic)
	ordered := slices.Clone(roots)
	slices.SortStableFunc(ordered, func(a, b *checker.Action) int {
		return cmp.Compare(testVariant(a), testVariant(b))
	})
	for _, act := range ordered {
		fset := act.Package.Fset
		n := 0
		for _, d := range act.Diagnostics {
			k := key{act.Analyzer.Name, fset.Position(d.Pos), fset.Position(d.End), d.Message}
			if first := kept[k]; first != nil {
				if testVariant(act) == 1 {
					first.SuggestedFixes = d.SuggestedFixes
				}
				continue
			}
			act.Diagnostics[n] = d
			kept[k] = &act.Diagnostics[n]
			n++
		}
		clear(act.Diagnostics[n:])
		act.Diagnostics = act.Diagnostics[:n]
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
