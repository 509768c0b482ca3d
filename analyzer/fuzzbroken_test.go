package analyzer_test

import (
	"go/format"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"regexp"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/ctxnotify/ctxnotify-lint/internal/driver"
)

// FuzzTypeErrors generates a reconciler as FuzzReconciler does, breaks it
// (see breakSource: undefined names, missing imports and declarations,
// wrong argument and result counts, a recorder of an unknown type,
// mistyped values, a syntax error)
// and analyzes what parses of it as the standalone command analyzes a
// package that does not type-check. Nothing may panic and no pass may
// fail; two runs agree; no call is reported twice; where the source
// parsed, so does the source with the fixes applied.
//
//	go test -run '^$' -fuzz '^FuzzTypeErrors$' -fuzztime 10m -fuzzminimizetime 0 ./analyzer
//
// runs about 200 inputs a second on 2 cores (26,000 in 120 s, against
// 5,300 before; minimizing by default, 2,500 against 20). See
// FuzzReconciler.
func FuzzTypeErrors(f *testing.F) {
	fuzzGenerated(f, rand.New(rand.NewPCG(3, 4)), 16, checkBroken)
}

func checkBroken(t *testing.T, data []byte) {
	src := breakSource(reconcilerSource(data), data)
	_, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
	parses := err == nil
	a := despiteErrors(fuzzAnalyzer(t, data))
	first := analyzeTwice(t, src, func(r run) *analyzed {
		return analyzeBroken(t, a, src, r)
	})
	if _, err := format.Source(first.fixed); parses && err != nil {
		t.Fatalf("fixed source does not parse: %v\n%s\nfrom:\n%s", err, first.fixed, src)
	}
}

// despiteErrors returns the copy of a that runs despite errors, made once
// per a: the facts of the stubs are computed once per analyzer.
func despiteErrors(a *analysis.Analyzer) *analysis.Analyzer {
	c, _ := despiteErrorsOf.LoadOrStore(a, driver.DespiteErrors(a))
	return c.(*analysis.Analyzer)
}

var despiteErrorsOf sync.Map // *analysis.Analyzer to *analysis.Analyzer

// analyzeBroken type-checks what parses of src as package p, keeping the
// type errors, and returns the findings and the fixed source, as
// analyzeSource does. A failed pass fails the test; a panic fails it too.
func analyzeBroken(t *testing.T, a *analysis.Analyzer, src string, r run) *analyzed {
	t.Helper()
	file, err := parseInMemory(t, src)
	if file == nil {
		t.Skipf("nothing parses: %v", err)
	}
	root, errs := checkSource(t, file)
	if err != nil {
		errs = append(errs, err)
	}
	for _, err := range errs {
		root.Errors = append(root.Errors, packages.Error{Msg: err.Error(), Kind: packages.TypeError})
	}
	root.IllTyped = len(errs) > 0
	return analyzeAndFix(t, a, root, src, r)
}

// breakSource makes one to three errors in a generated reconciler, each
// chosen by a byte of the input counted from its end (the generator reads
// from its start).
func breakSource(src string, data []byte) string {
	b := &breaker{src: src, in: data}
	for range 1 + b.pick(3) {
		switch b.pick(11) {
		case 0:
			b.undefinedName()
		case 1:
			b.missingImport()
		case 2, 3:
			b.wrongArgCount()
		case 4:
			b.unknownRecorder()
		case 5:
			b.mistyped()
		case 6:
			b.unknownSelector()
		case 7:
			b.syntaxError()
		case 8:
			b.missingDecl()
		case 9:
			b.countMismatch()
		case 10:
			b.notCallable()
		}
	}
	return b.src
}

type breaker struct {
	src string
	in  []byte
}

func (b *breaker) pick(n int) int {
	if len(b.in) == 0 {
		return 0
	}
	c := int(b.in[len(b.in)-1])
	b.in = b.in[:len(b.in)-1]
	return c % n
}

// body is the offset where the generated functions start, after the
// header's declarations: errors go in there, mostly.
func (b *breaker) body() int {
	if i := strings.Index(b.src, "\nfunc (r *R) step"); i >= 0 {
		return i
	}
	if i := strings.LastIndex(b.src, "var _ = reconcile.Result{}"); i >= 0 {
		return i
	}
	return 0
}

// replaceNth replaces the match of re that the input picks, from
// offset from on, if there is one.
func (b *breaker) replaceNth(re *regexp.Regexp, from int, repl string) {
	locs := re.FindAllStringIndex(b.src[from:], -1)
	if len(locs) == 0 {
		return
	}
	loc := locs[b.pick(len(locs))]
	start, end := from+loc[0], from+loc[1]
	b.src = b.src[:start] + re.ReplaceAllString(b.src[start:end], repl) + b.src[end:]
}

var (
	usedNames = regexp.MustCompile(`\b(ctx|obj|req|notify|notified|running|shuttingDown|work|emitAny|cancel|err)\b`)
	recUses   = regexp.MustCompile(`\b(r|e|g)\.(rec|flux|kev|obj|r)\b`)
)

// undefinedName renames one use of a name: an undefined name.
func (b *breaker) undefinedName() {
	if b.pick(2) == 0 {
		b.replaceNth(usedNames, b.body(), "${1}Undefined")
	} else {
		b.replaceNth(recUses, b.body(), "$1.missing")
	}
}

var importLine = regexp.MustCompile(`(?m)^\t(\w+ |\. )?"[^"]+"\n`)

// missingImport deletes one import: every use of the package is
// undefined.
func (b *breaker) missingImport() { b.replaceNth(importLine, 0, "") }

var calls = regexp.MustCompile(`\b(Event|Eventf|AnnotatedEventf|notify|notified|running|shuttingDown|work|emitAny(\[int\])?|Is|Err)\(`)

// wrongArgCount drops the last argument of a call, or adds one.
func (b *breaker) wrongArgCount() {
	from := b.body()
	locs := calls.FindAllStringIndex(b.src[from:], -1)
	if len(locs) == 0 {
		return
	}
	open := from + locs[b.pick(len(locs))][1] - 1
	close := matchingParen(b.src, open)
	if close < 0 {
		return
	}
	args := b.src[open+1 : close]
	if b.pick(2) == 0 || strings.TrimSpace(args) == "" {
		sep := ", "
		if strings.TrimSpace(args) == "" {
			sep = ""
		}
		args += sep + `"extra"`
	} else if i := lastTopLevelComma(args); i >= 0 {
		args = args[:i]
	} else {
		args = ""
	}
	b.src = b.src[:open+1] + args + b.src[close:]
}

// matchingParen returns the offset of the parenthesis that closes the one
// at open, skipping strings; -1 if there is none.
func matchingParen(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i
			}
		case '"', '`':
			q := s[i]
			for i++; i < len(s) && s[i] != q; i++ {
				if s[i] == '\\' && q == '"' {
					i++
				}
			}
		}
	}
	return -1
}

func lastTopLevelComma(args string) int {
	depth, last := 0, -1
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ',':
			if depth == 0 {
				last = i
			}
		case '"':
			for i++; i < len(args) && args[i] != '"'; i++ {
				if args[i] == '\\' {
					i++
				}
			}
		}
	}
	return last
}

var recorderTypes = regexp.MustCompile(`\b(record|kuberecorder)\.EventRecorder\b|\*events\.Recorder\b|\bkevents\.EventRecorder\b|\b(stdctx\.|context\.)?Context\b`)

// unknownRecorder gives a recorder (or a context) a type that does not
// exist, from an unknown package or this one.
func (b *breaker) unknownRecorder() {
	repl := []string{"unknownpkg.EventRecorder", "UnknownRecorder", "*unknownpkg.Recorder"}[b.pick(3)]
	b.replaceNth(recorderTypes, 0, repl)
}

var values = regexp.MustCompile(`\bnil\b|"Failed"|corev1\.EventTypeWarning|reconcile\.Result\{\}|\bctx\.Err\(\)`)

// mistyped puts a value of the wrong type where another is expected.
func (b *breaker) mistyped() {
	repl := []string{"42", "struct{}{}", "r", "ctx", "[]int{1}", "nil"}[b.pick(6)]
	b.replaceNth(values, b.body(), repl)
}

var selectors = regexp.MustCompile(`\.(Event|Eventf|AnnotatedEventf|Err|Done|Canceled|Is|Background|TODO)\b`)

// unknownSelector calls a method or uses a name that does not exist.
func (b *breaker) unknownSelector() {
	b.replaceNth(selectors, b.body(), ".${1}Missing")
}

var brackets = regexp.MustCompile(`[(){}]`)

// syntaxError deletes a parenthesis or a brace.
func (b *breaker) syntaxError() { b.replaceNth(brackets, b.body(), "") }

var decls = regexp.MustCompile(`(?m)^(type (R|E|G\[T any\]) struct|func (running|notify|notified|emitAny|work|shuttingDown)\b)`)

// missingDecl renames a declaration of the header (a type, a helper), so
// that its uses are undefined: a receiver of an unknown type, calls of an
// unknown function.
func (b *breaker) missingDecl() {
	b.replaceNth(decls, 0, "${1}Gone")
}

var counted = regexp.MustCompile(`\breturn nil\b|\breturn reconcile\.Result\{\}, nil\b|\b(\w+) :=`)

// countMismatch returns too many or too few results, or assigns too few
// values.
func (b *breaker) countMismatch() {
	b.replaceNth(counted, b.body(), "")
	if b.pick(2) == 0 {
		b.replaceNth(regexp.MustCompile(`\breturn\b`), b.body(), "return 1, 2, 3,")
	} else {
		b.replaceNth(regexp.MustCompile(`\b(\w+) :=`), b.body(), "$1, extra :=")
	}
}

// notCallable calls what is no function: a field, a constant.
func (b *breaker) notCallable() {
	b.replaceNth(regexp.MustCompile(`\b(r|e)\.rec\.(Event|Eventf|AnnotatedEventf)\(`), b.body(), "$1.obj(")
	if b.pick(2) == 0 {
		b.replaceNth(calls, b.body(), "corev1.EventTypeWarning(")
	}
}
