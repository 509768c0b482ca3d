// Package doccheck holds the tests that keep the documentation true of
// the repository: every flag the docs name is one of the command's, every
// file and identifier DEVELOPMENT.md's layout names exists, DEVELOPMENT.md
// has one table of timings, and every link between the docs, and to the
// packages' docs, leads to a file and a heading that exist. The README's output block is
// checked against the command's real output by the e2e module's
// TestReadme, which needs the example module's dependencies.
package doccheck
