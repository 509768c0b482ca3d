// Package testkit holds what the tests that run the command share (those
// of cmd/ctxnotify-lint, and those of the e2e and tools/golangci-lint
// modules, which import it from their parent module): building the
// ctxnotify-lint command once per test binary, copying and writing
// modules, reading the "// finding" markers of a module, running a
// command for its output and exit code, and parsing the findings it
// prints.
//
// A test package that calls [Command] removes the built command at the
// end with a TestMain:
//
//	func TestMain(m *testing.M) { os.Exit(testkit.Main(m)) }
package testkit
