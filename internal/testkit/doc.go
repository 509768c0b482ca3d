// Package testkit holds what the end-to-end tests of the command, of the
// e2e package and of the golangci-lint plugin share: building the
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
