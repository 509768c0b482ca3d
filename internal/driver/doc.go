// Package driver is the standalone ctxnotify-lint driver: it loads the
// packages named on the command line, analyzes them with
// [checker.Analyze], and prints the findings or applies their fixes. The
// command, the analyzer's fuzz test and its benchmark all run this code.
//
// One file per job: analyze.go ([Analyze], the pipeline the command and
// the tests share, from the patterns to the findings), load.go (the import
// graph from go list, type-checked by typecheck.go: the named packages and
// the dependencies that sources.go, scan.go and syntactic.go select from
// source, the others from export data; patterns that leave nothing to
// analyse end the run with go vet's message), prune.go (the import graph
// cut down to the packages analysed), errors.go (packages with errors,
// analysed all the same), dedupe.go (a finding of a file shared by a
// package and its test variant kept once), fix.go and merge.go (fixes
// merged and applied), diff.go (-diff), describe.go (-describe), print.go
// (text or JSON, and the exit code), text.go (the text output, files named
// relative to the working directory), run.go (the whole run, as the
// command's exit code), main.go (the command's main function, which the
// benchmark floor shares), flags.go (the command
// line), names.go (configured names checked against the packages loaded
// and, under go vet and go fix, against the module on disk).
//
// # Where it departs from checker.Analyze
//
// checker.Analyze documents a precondition: the packages and all their
// dependencies must be loaded with syntax ([packages.LoadAllSyntax]),
// because an analyzer with facts, as ctxnotify is, runs on every package
// of the import graph. This driver breaks it on purpose, to cost little
// more than a type check. It type-checks from source the named packages
// (the roots) and the dependencies that may declare emitters the roots
// call ([emittingDeps]: a test over the files' text and syntax, which
// errs on the side of analysing), and takes every other dependency from
// export data; then [PruneToAnalysed] rewrites the import graph so that it
// holds the packages analysed alone: each imports the packages analysed
// that it reaches, directly or through packages that are not. checker.Analyze
// then runs the analyzer on those only, and facts (emitters, guards) flow
// from one to every one that reaches it, even through a package that is
// not analysed: each package has one *types.Package, and export data read
// after a package it mentions was checked from source refers to that
// package's objects, so an object seen through an intermediate package is
// the object that the fact was exported on. Facts of the other
// dependencies (guards, forwarders, functions that never return) are
// absent; -deps loads every dependency from source and meets the
// precondition.
//
// Tests pin the departure: TestPruneToRoots (the graph rewrite, and a
// root's import of another root being that root's own *types.Package),
// TestFactsThroughNonRoot (a finding that needs a fact exported by one
// root, in another root that reaches it only through a package that is
// not analyzed; without that root among the named packages, the finding
// is gone), TestEmittingDeps (which dependencies are analysed for their
// facts, and that their findings are those of -deps) and
// TestFactsThroughExportData (a fact of a dependency analysed from
// source, in a root that reaches it through export data).
package driver
