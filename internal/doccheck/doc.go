// Package doccheck holds the tests that keep the documentation true of
// the repository: every flag the docs name is one of the command's, every
// file and identifier DEVELOPMENT.md's layout names exists, DEVELOPMENT.md
// has one table of timings, and every link between the docs, and to the
// packages' docs, leads to a file and a heading that exist. Others check
// one claim each against what it is about: the first examples of the
// README and of the analyzer's doc, and the README's word on contexts
// reached through an expression, by running the command on them
// (examples_test.go); where os.Exit is called (exits_test.go); build tags,
// the root module's requirements, the test commands' timeouts, what is
// said of releases, and the README's reading time (claims_test.go). The
// README's output, the docs' diffs and the numbers of the example's fix
// are checked against the command's real runs by the e2e module's
// TestReadme and TestFixSize, which need the example module's
// dependencies.
package doccheck
