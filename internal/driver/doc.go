// Package driver is the standalone ctxnotify-lint driver: it loads the
// packages named on the command line, analyzes them with
// [checker.Analyze], and prints the findings or applies their fixes. The
// command, the analyzer's fuzz test and its benchmark all run this code.
//
// One file per job: load.go (the named packages from source, their
// dependencies from export data), prune.go (the import graph cut down to
// the named packages), dedupe.go (a finding of a file shared by a package
// and its test variant kept once), fix.go and merge.go (fixes merged and
// applied), diff.go (-diff), print.go (text and JSON), run.go (the whole
// run, as the command's exit code), flags.go (the command line).
//
// # Where it departs from checker.Analyze
//
// checker.Analyze documents a precondition: the packages and all their
// dependencies must be loaded with syntax ([packages.LoadAllSyntax]),
// because an analyzer with facts, as ctxnotify is, runs on every package
// of the import graph. This driver breaks it on purpose, to cost little
// more than a type check. It type-checks only the named packages (the
// roots) from source and takes their dependencies from export data, then
// [PruneToRoots] rewrites the import graph so that it holds the roots
// alone: each root imports the roots it reaches, directly or through
// packages that are not roots. checker.Analyze then runs the analyzer on
// the roots only, and facts (emitters, guards) still flow from a root to
// every root that reaches it, even through a package that is not analyzed:
// go/packages shares one *types.Package per package, so an object seen
// through the export data of an intermediate package is the object that
// the fact was exported on. Facts of packages that are not roots are
// absent, so a helper that emits events from another module is only known
// with -deps, which loads every dependency from source and meets the
// precondition.
//
// Tests pin the departure: TestPruneToRoots (the graph rewrite, and a
// root's import of another root being that root's own *types.Package) and
// TestFactsThroughNonRoot (a finding that needs a fact exported by one
// root, in another root that reaches it only through a package that is
// not analyzed; without that root among the named packages, the finding
// is gone).
package driver
