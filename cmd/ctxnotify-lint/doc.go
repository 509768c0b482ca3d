// Command ctxnotify-lint runs the ctxnotify analyzer, whose rule is the
// documentation of package analyzer ("ctxnotify-lint help ctxnotify"
// prints it).
//
// Usage:
//
//	ctxnotify-lint [flags] packages            # report
//	ctxnotify-lint -fix [-diff] packages       # apply the fixes, or print them as a diff
//	ctxnotify-lint -fix -diff -describe packages # ... and a paragraph for the change's reviewers
//	ctxnotify-lint -json packages              # findings as JSON
//	go vet -vettool=$(which ctxnotify-lint) [-json] [-fix [-diff]] packages
//	go fix -fixtool=$(which ctxnotify-lint) packages
//	ctxnotify-lint help ctxnotify              # the rule and the analyzer's flags
//
// Under go vet (-vettool) and go fix (-fixtool), and for help, it behaves
// exactly like an x/tools multichecker, but for the two handshakes, which
// it answers in the multichecker's form: -V=full names the module version
// (see Version), and -flags, the flags go vet and go fix may pass on,
// gives each the usage that -help prints; and for a refused flag value,
// one line instead of the usage, for the packages go vet and go fix name
// only (see Exit codes). Run standalone on package
// patterns, it runs the driver of internal/driver, described below.
//
// The multichecker's other flags work standalone too: -c N (N lines of
// context around each finding), -test=false (leave the tests out), -tags
// (build tags to load the packages with, as go build -tags), -debug with
// any of f (log each fact as it is exported), p (analyse one package at a
// time), s (sanity checks of the facts), t (print the time each analysis
// took) and v (log progress), -v (the same as -debug=v), -cpuprofile,
// -memprofile and -trace FILE. The legacy go vet flags -source and -all,
// which have no effect, are an error (exit 2) standalone; under go vet and
// go fix the command accepts them as the multichecker does.
//
// # Output
//
// The findings go to stderr, one per line, each followed by its related
// information on tab-indented lines (the chain from a helper down to the
// event, the checks that guard only some paths):
//
//	internal/action/action.go:93:2: r.success(req, revision) emits an event (…) without a cancellation check: …
//	internal/action/action.go:101:2: 	success emits here, without a usable context or cancellation check
//
// A file inside the working directory is named relative to it, as go vet
// and golangci-lint name it; a file outside it (a dependency's, in the
// module cache) keeps its absolute path. -json prints what go vet -json
// prints, absolute paths included, on stdout; -fix -diff names the files
// by their absolute paths, as the x/tools drivers do.
//
// With -fix, -describe then prints on stdout one paragraph for the
// reviewers of the change: how many events it skips when the reconcile
// context has been cancelled, Warning events (false alarms at every
// rollout) apart from Normal ones (reconciliations that shutdown cut
// short) and those whose type is decided at run time, the calls that no
// longer hand a cancelled context to a check, and, for the author to say
// so, where a success event is skipped although its function saves the
// status under a context that shutdown does not cancel. It reads the
// categories of the findings (analyzer.CategoryWarning and the others).
// Then it names the judgement calls a reviewer asks about: the warnings
// about integrity or verification (by the words of their reasons) now
// skipped at shutdown too, the events no context reaches, which stay
// unguarded, and the contexts and cancel functions the code keeps of its
// own (the pass's result, analyzer.Review); and the tests to write: a
// canceled context sends none of the guarded events, one that timed out
// still sends them, an uninterrupted reconciliation sends what it sent
// before.
//
// A package with tests is analysed with its tests (-test=false leaves them
// out), so its files belong to two packages, p and p [p.test]; each
// finding is reported once, under p, in the text and the JSON output, and
// its fix is applied once.
//
// # JSON output
//
// This section is the contract that tooling reads: its fields and
// categories change only in a new minor version, and CHANGELOG.md says
// so (a command test decodes the output of every finding's shape against
// the fields below; an analyzer test checks the categories).
//
// -json prints the findings as go vet -json and the x/tools drivers print
// them. Standalone the output is one JSON object; under go vet -json and
// go fix -json, one object per package analysed, one after the other (an
// empty one for a package without findings). The object maps each
// package's ID to an object that maps the analyzer's name, "ctxnotify",
// either to the list of the package's findings, or, when its analysis
// failed, to {"error": MESSAGE} (a -ctxnotify.sinks entry that names
// nothing; standalone, each package that imports a failed one then says
// "failed prerequisites"). The ID is the package's import path; a package
// analysed with its tests has its findings under it, once, and only an
// error may come under the ID of its test variant ("p [p.test]") or of
// its test binary ("p.test"). A package without findings is left out.
//
// A finding is an object with these fields:
//
//	category         what it is: one of the categories below
//	posn             where it starts (the call; the check or the directive): FILE:LINE:COLUMN,
//	                 FILE an absolute path
//	end              where it ends, the same way
//	message          the message the text output prints
//	suggested_fixes  its fixes, the first the one -fix applies; left out when it has none
//	related          its related information (the lines the text output indents under it),
//	                 each with posn, end and message; left out when it has none
//
// A fix is an object with a message and edits, in the order of their
// files' names, then of their offsets (insertions at one offset in the
// order they go in); an edit one with these fields:
//
//	filename  the file it changes, an absolute path
//	start     the byte offset in the file, as it was analysed, where the replaced text starts
//	end       the byte offset where it ends (start and end alike: an insertion)
//	new       the text that replaces it
//
// The categories:
//
//	warning       an event of type Warning: at shutdown a false failure notification
//	normal        an event of type Normal: about a reconciliation that shutdown cut short
//	normal-saved  the same, in a function that saves the status under a context shutdown does not cancel
//	notification  an event of another or unknown type (a variable, a configured sink)
//	handoff       a call that hands a context the code has cancelled to a function that checks it
//	              (a call that also emits without a check has its event's category)
//	loose-check   with -ctxnotify.strict: a check that also skips timeouts
//	directive     a //ctxnotify:ignore directive without a reason
//
// -describe reads the first five; the standalone text output, go vet and
// golangci-lint do not show them.
//
// # Dependencies in the standalone command
//
// go vet, go fix and golangci-lint analyse every dependency for its facts.
// The standalone command type-checks the packages it is given from source
// and takes their dependencies from export data, so it costs little more
// than a plain type check; emitter and guard facts flow between the
// packages it is given. The exception are the dependencies whose emitters
// those packages may call: a dependency that imports
// k8s.io/apimachinery/pkg/runtime (or a configured sink's package) and
// declares an exported function or method without a context parameter that
// calls a sink, or such a function of the packages it imports, and that a
// package analysed calls, all by name (a helper of a shared module,
// Karpenter's events.Recorder). These are analysed from source, so that
// the command reports what go vet reports; -v lists them. -deps analyses
// every dependency from source (slower): facts of guard functions,
// errors.Is forwarders, error tests and functions that never return in
// the other dependencies are only known with it.
//
// # Code with type errors
//
// The standalone command analyses a package that does not type-check (a
// module the proxy refuses, a file to embed that was never built, code
// that was never generated) as far as its types go, and the packages that
// import it: it prints the errors and the findings, then one line per
// package with errors ("ctxnotify-lint: PKG has errors: analysed as far as
// its types go, its findings may be incomplete"), and exits 1, so that CI
// fails. go vet and golangci-lint stop at such a package.
//
// # How -fix merges fixes
//
// Standalone -fix follows the policy of go vet -fix, go fix and the x/tools
// checker (driverutil.ApplyFixes and diff.Merge in golang.org/x/tools): it
// takes the first fix of each finding, in order, and merges it whole into
// the fixes accepted before it, or leaves it out whole. Edits that do not
// overlap are all applied (an insertion where a replaced range starts or
// ends included), and different insertions at one offset all go in, in
// the order of their fixes (two guarded methods added after a type's last
// method); identical edits, such as the same import added by several
// fixes, are applied once, so the fix at a helper's depth, which every
// finding at a call of the helper carries whole, changes the helper and its
// calls once however many findings carry it (the three drivers give the
// same files: a command test applies one standalone, with go vet -fix and
// with go fix -fixtool, then runs the fixed package's tests); a fix with an
// edit that replaces text an accepted edit replaces differently is left
// out; a fix that edits a generated file is skipped; each fixed file is
// gofmt-formatted. When a fix was left out, the command exits 1 with the
// x/tools message, "applied N of M fixes; K files updated. (Re-run the
// command to apply more.)" (with -diff: "N of M fixes skipped (e.g. due to
// conflicts)"); a re-run applies what still applies.
//
// Where it differs from x/tools:
//
//   - An insertion inside the text another fix replaces conflicts: the
//     later fix is left out. x/tools deletes the replaced text up to the
//     insertion and puts the insertion before the replacement, among the
//     replacement's words. No two fixes of ctxnotify make such a pair (a
//     fix that puts a statement in an if inserts around it and leaves its
//     text alone), so the drivers write the same files; the rule keeps a
//     future fix from writing code that does not parse.
//   - A finding in a file that a package and its test variant share is one
//     finding (p and p [p.test]), so its fix is counted once in the message;
//     x/tools counts it twice (and merges the identical edits). Its fixes
//     are the test variant's: only that variant sees the test files, whose
//     calls of a helper the fix at its depth changes too. With -test=false
//     the test files are left alone.
//   - The second alternative of a finding (the call-site fix after the fix
//     at a helper's depth) is never applied, as in x/tools; the command says
//     so only with -v.
//   - Each fix left out is named ("file.go:12:3: fix "…" skipped: it
//     conflicts with the fix of another finding"); x/tools gives only the
//     count.
//   - Formatting is gofmt's; x/tools also drops imports that no code of the
//     fixed file uses any more (a guess made without type information).
//     ctxnotify's fixes only add code and imports, so this changes nothing
//     for them.
//   - Packages that could not be analysed are reported and make the run
//     exit 1; the multichecker's -fix says nothing of them.
//
// # Exit codes
//
// Each mode keeps the exit codes of the tool it stands in for, so they
// differ between modes (a command test runs every row but the last over a
// module in each column; the golangci-lint module's test runs the last):
//
//	mode                                  no findings  findings  package with errors  bad flag value
//	ctxnotify-lint ./...                  0            3         1                    2
//	ctxnotify-lint -json ./...            0            0         1                    2
//	ctxnotify-lint -fix ./...             0            0 (a)     1                    2
//	ctxnotify-lint -fix -diff ./...       0            0 (b)     1                    2
//	go vet -vettool=… ./...               0            1         1                    1 (c)
//	go vet -vettool=… -json ./...         0            0         1                    1 (c)
//	go vet -vettool=… -fix ./...          0            0 (a)     1                    1 (c)
//	go vet -vettool=… -fix -diff ./...    0            1 (b)     1                    1 (c)
//	go fix -fixtool=… ./...               0            0 (a)     1                    1 (c)
//	go fix -fixtool=… -diff ./...         0            1 (b)     1                    1 (c)
//	go fix -fixtool=… -json ./...         0            0         1                    1 (c)
//	golangci-lint run ./...               0            1         1 (d)                3
//
//	(a) the fixes are written; the findings are not printed
//	(b) the diff is printed on stdout; no file is written
//	(c) a bad value of a boolean flag (-ctxnotify.strict=maybe) is go vet's
//	    and go fix's own flag error: exit 2
//	(d) a type error is an issue of golangci-lint's own (typecheck)
//
// Why they differ: standalone, the command is an x/tools multichecker,
// whose 3 says that findings were printed, 0 that the output is the
// result (findings as JSON, fixes written, or a diff), 1 that a package
// could not be analysed, and 2 that the command line was refused. go vet
// and go fix fail (1) on whatever the tool reports, and on a diff that is
// not empty, as gofmt -d and go mod tidy -diff do; with -json, or -fix,
// the tool's output is the result, and they exit 0. go vet caches a
// package's result only when the tool exits 0, which on findings it does
// only with -json (docs/ci.md shares that cache between CI machines).
// golangci-lint has codes of its own.
//
// The findings that have no fix stay: after -fix, the next run prints
// them and exits 3 (1 under go vet), until each is changed by hand or
// suppressed with a //ctxnotify:ignore directive that says why
// (docs/adopting.md).
//
// A bad -ctxnotify.* value is one line that names the setting and what it
// takes ("ctxnotify-lint: -ctxnotify.scope: "x" is not a scope; use "all"
// or "reconcile""). Standalone it stops the command before anything is
// loaded. go vet and go fix run the tool once per package, their
// dependencies' included, with the same flags: the tool prints the line
// for each package they name, under its name, and nothing for a
// dependency they analyse only for its facts, where it exits 0 (the
// packages named then stop at the same flag before they read any fact).
// A -ctxnotify.sinks or -ctxnotify.guards entry that names nothing is an
// analysis error: exit 1, except with -json (exit 0, the error is in the
// JSON); with the analyzer disabled (-ctxnotify=false) no entry is
// checked. With -fix, the standalone command applies what it can and
// still exits 1 when a package could not be analysed; go fix -fixtool
// and go vet -fix apply fixes and exit 0. The standalone command analyses
// a package that does not type-check all the same (its findings are
// printed, or its fixes applied) and still exits 1. Patterns that leave
// nothing to analyse, such as a directory that does not exist or holds no
// Go file, an import path that no module provides, or a module whose
// dependency needs a newer Go than the one running ("go:
// example.com/dep@v1.2.0 requires go >= 1.27.0 (running go 1.26.8;
// GOTOOLCHAIN=local)"), make the standalone command print what go vet
// prints for them, and nothing else, and exit 1 as go vet does, without
// analysing any package. Next to patterns that match packages, one that
// names a missing directory or package still stops the run, as it stops go
// vet; a "..." pattern that matches nothing is passed over in silence (go
// vet warns about it and goes on).
//
// # Version
//
// -V=full prints "ctxnotify-lint version VERSION buildID=HASH": VERSION is
// the module version the binary was built from (v0.1.0 after go install
// github.com/ctxnotify/ctxnotify-lint/cmd/ctxnotify-lint@v0.1.0; in a git
// checkout, what go build stamps: v0.1.0 at the tag, v0.1.0+dirty with
// uncommitted changes, a pseudo-version after it), or "devel" for a build
// without one (-buildvcs=false, no tag), and HASH the SHA-256 of the
// executable. RELEASING.md shows the line of a tagged build. go vet and go fix read this line to key their cache of the
// tool's results: with "devel" they key it on the hash, with a version on
// the whole line, which holds the hash too, so a rebuilt tool never reuses
// the results of another build.
//
// # Go versions
//
// The command type-checks with the go/types of the Go release that built
// it, so a module that declares go 1.27 needs a ctxnotify-lint built with
// Go 1.27 or later (GOTOOLCHAIN=go1.27.3 go install …); one built with Go
// 1.26 stops with "package requires newer Go version go1.27 (application
// built with go1.26)".
package main
