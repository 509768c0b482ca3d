package analyzer_test

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"go/types"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
)

// The fuzz tests analyse thousands of small packages against the same
// stubs. checker.Analyze would analyse every stub again for each of them;
// instead the stubs are analysed once per process and analyzer (twice, to
// check that their facts are the same, and with the checker's sanity
// checks), and each generated package is analysed alone by the checker,
// its imports' facts read from that run as the checker would have passed
// them down. The checker still runs the package's own pass, validates the
// fixes and makes the actions that driver.MergeFixes merges.

// analyzeAlone runs a on root through checker.Analyze, without its
// dependencies, the facts of the stubs it imports read from the facts
// computed once for a; a failed pass fails the test. With sanity, the
// facts root exports are encoded and decoded, as the checker's sanity
// check does to the facts a package inherits. It returns root's action.
func analyzeAlone(tb testing.TB, a *analysis.Analyzer, root *packages.Package, sanity bool) *checker.Action {
	tb.Helper()
	var deps []*packages.Package
	for _, path := range slices.Sorted(maps.Keys(root.Imports)) {
		deps = append(deps, root.Imports[path])
	}
	facts := theStubFacts.of(tb, a, deps)
	alone := *root
	alone.Imports = nil // the checker has nothing to analyse first
	graph, err := checker.Analyze([]*analysis.Analyzer{withFacts(a, facts)}, []*packages.Package{&alone}, nil)
	if err != nil {
		tb.Fatal(err)
	}
	for act := range graph.All() {
		if act.Err != nil {
			tb.Fatalf("%s: %v", act, act.Err)
		}
	}
	act := graph.Roots[0]
	if sanity {
		for _, f := range act.AllObjectFacts() {
			if _, err := codeFact(f.Fact); err != nil {
				tb.Fatalf("fact of %s: %v", f.Object, err)
			}
		}
		for _, f := range act.AllPackageFacts() {
			if _, err := codeFact(f.Fact); err != nil {
				tb.Fatalf("fact of package %s: %v", f.Package.Path(), err)
			}
		}
	}
	return act
}

// withFacts returns a copy of a whose passes read the facts of other
// packages from imported (the checker keeps those of the package itself),
// and files with readSource.
func withFacts(a *analysis.Analyzer, imported factView) *analysis.Analyzer {
	c := *a
	c.Run = func(pass *analysis.Pass) (any, error) {
		objectFact, packageFact := pass.ImportObjectFact, pass.ImportPackageFact
		allObjectFacts, allPackageFacts := pass.AllObjectFacts, pass.AllPackageFacts
		pass.ImportObjectFact = func(obj types.Object, fact analysis.Fact) bool {
			return objectFact(obj, fact) || imported.objectFact(obj, fact)
		}
		pass.ImportPackageFact = func(pkg *types.Package, fact analysis.Fact) bool {
			return packageFact(pkg, fact) || imported.packageFact(pkg, fact)
		}
		pass.AllObjectFacts = func() []analysis.ObjectFact {
			return append(allObjectFacts(), imported.allObjectFacts()...)
		}
		pass.AllPackageFacts = func() []analysis.PackageFact {
			return append(allPackageFacts(), imported.allPackageFacts()...)
		}
		pass.ReadFile = func(path string) ([]byte, error) {
			if err := readable(pass, path); err != nil {
				return nil, err
			}
			return readSource(path)
		}
		return a.Run(pass)
	}
	return &c
}

// readable is the checker's policy for Pass.ReadFile
// (driverutil.CheckReadable in golang.org/x/tools): a pass reads the
// files of its package.
func readable(pass *analysis.Pass, path string) error {
	if slices.Contains(pass.OtherFiles, path) || slices.Contains(pass.IgnoredFiles, path) {
		return nil
	}
	for _, f := range pass.Files {
		if pass.Fset.File(f.FileStart).Name() == path {
			return nil
		}
	}
	return fmt.Errorf("Pass.ReadFile: %s is not among OtherFiles, IgnoredFiles, or names of Files", path)
}

type objectFactKey struct {
	obj types.Object
	typ reflect.Type
}

type packageFactKey struct {
	pkg *types.Package
	typ reflect.Type
}

// inherited is what a package inherits from one of its imports, as the
// checker passes it down (inheritFacts, with the sanity check): the
// facts of the objects that may be visible to it, and every package
// fact, each encoded and decoded.
type inherited struct {
	objects  map[objectFactKey]analysis.Fact
	packages map[packageFactKey]analysis.Fact
}

// factView is what a package inherits from its imports, one by one.
type factView []*inherited

func (v factView) objectFact(obj types.Object, ptr analysis.Fact) bool {
	key := objectFactKey{obj, reflect.TypeOf(ptr)}
	for _, in := range v {
		if f, ok := in.objects[key]; ok {
			reflect.ValueOf(ptr).Elem().Set(reflect.ValueOf(f).Elem())
			return true
		}
	}
	return false
}

func (v factView) packageFact(pkg *types.Package, ptr analysis.Fact) bool {
	key := packageFactKey{pkg, reflect.TypeOf(ptr)}
	for _, in := range v {
		if f, ok := in.packages[key]; ok {
			reflect.ValueOf(ptr).Elem().Set(reflect.ValueOf(f).Elem())
			return true
		}
	}
	return false
}

// allObjectFacts and allPackageFacts list each fact once, as the
// checker's map of a package's facts does.
func (v factView) allObjectFacts() []analysis.ObjectFact {
	seen := make(map[objectFactKey]bool)
	var facts []analysis.ObjectFact
	for _, in := range v {
		for k, f := range in.objects {
			if !seen[k] {
				seen[k] = true
				facts = append(facts, analysis.ObjectFact{Object: k.obj, Fact: f})
			}
		}
	}
	return facts
}

func (v factView) allPackageFacts() []analysis.PackageFact {
	seen := make(map[packageFactKey]bool)
	var facts []analysis.PackageFact
	for _, in := range v {
		for k, f := range in.packages {
			if !seen[k] {
				seen[k] = true
				facts = append(facts, analysis.PackageFact{Package: k.pkg, Fact: f})
			}
		}
	}
	return facts
}

// stubFacts holds, per analyzer and stub package, what a package that
// imports the stub inherits from it. An analyzer's settings must not
// change meanwhile (no test sets the flags of analyzer.Analyzer).
type stubFacts struct {
	mu sync.Mutex
	by map[*analysis.Analyzer]map[*packages.Package]*inherited
}

var theStubFacts = &stubFacts{by: make(map[*analysis.Analyzer]map[*packages.Package]*inherited)}

// of returns what a package importing deps inherits from them under a,
// analysing the stubs not yet analysed under a: twice, to check that the
// facts are the same.
func (s *stubFacts) of(tb testing.TB, a *analysis.Analyzer, deps []*packages.Package) factView {
	tb.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	known := s.by[a]
	if known == nil {
		known = make(map[*packages.Package]*inherited)
		s.by[a] = known
	}
	var missing []*packages.Package
	for _, dep := range deps {
		if known[dep] == nil {
			missing = append(missing, dep)
		}
	}
	if len(missing) > 0 {
		first := analyzeStubs(tb, a, missing)
		if again := analyzeStubs(tb, a, missing); renderFacts(again) != renderFacts(first) {
			tb.Fatalf("two runs over the stubs differ:\n%s\nthen:\n%s", renderFacts(first), renderFacts(again))
		}
		for _, act := range first {
			if known[act.Package] == nil {
				known[act.Package] = inheritedFrom(tb, act)
			}
		}
	}
	v := make(factView, len(deps))
	for i, dep := range deps {
		v[i] = known[dep]
	}
	return v
}

// analyzeStubs runs a over pkgs and their dependencies with the checker's
// sanity checks and returns a's actions; a failed pass fails the test.
func analyzeStubs(tb testing.TB, a *analysis.Analyzer, pkgs []*packages.Package) []*checker.Action {
	tb.Helper()
	graph, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, &checker.Options{SanityCheck: true})
	if err != nil {
		tb.Fatal(err)
	}
	var acts []*checker.Action
	for act := range graph.All() {
		if act.Err != nil {
			tb.Fatalf("%s: %v", act, act.Err)
		}
		if act.Analyzer == a {
			acts = append(acts, act)
		}
	}
	return acts
}

// renderFacts prints the facts of acts in a stable order, to compare
// runs.
func renderFacts(acts []*checker.Action) string {
	var lines []string
	for _, act := range acts {
		for _, f := range act.AllObjectFacts() {
			lines = append(lines, fmt.Sprintf("%s: %s: %s", act.Package.PkgPath, types.ObjectString(f.Object, nil), f.Fact))
		}
		for _, f := range act.AllPackageFacts() {
			lines = append(lines, fmt.Sprintf("%s: package %s: %s", act.Package.PkgPath, f.Package.Path(), f.Fact))
		}
	}
	slices.Sort(lines)
	return strings.Join(lines, "\n")
}

// inheritedFrom returns what a package importing act's package inherits
// from it, as the checker's inheritFacts, with the sanity check, passes
// it down.
func inheritedFrom(tb testing.TB, act *checker.Action) *inherited {
	tb.Helper()
	in := &inherited{
		objects:  make(map[objectFactKey]analysis.Fact),
		packages: make(map[packageFactKey]analysis.Fact),
	}
	for _, f := range act.AllObjectFacts() {
		if !exportedFrom(f.Object, act.Package.Types) {
			continue
		}
		decoded, err := codeFact(f.Fact)
		if err != nil {
			tb.Fatalf("%s: fact of %s: %v", act, f.Object, err)
		}
		in.objects[objectFactKey{f.Object, reflect.TypeOf(f.Fact)}] = decoded
	}
	for _, f := range act.AllPackageFacts() {
		decoded, err := codeFact(f.Fact)
		if err != nil {
			tb.Fatalf("%s: fact of package %s: %v", act, f.Package.Path(), err)
		}
		in.packages[packageFactKey{f.Package, reflect.TypeOf(f.Fact)}] = decoded
	}
	return in
}

// exportedFrom reports whether obj may be visible to a package that
// imports pkg: the checker's filter of the facts a package inherits
// (golang.org/x/tools/go/analysis/checker).
func exportedFrom(obj types.Object, pkg *types.Package) bool {
	switch obj := obj.(type) {
	case *types.Func:
		return obj.Exported() && obj.Pkg() == pkg ||
			obj.Signature().Recv() != nil
	case *types.Var:
		if obj.IsField() {
			return true
		}
		return obj.Pkg() == pkg
	case *types.TypeName, *types.Const:
		return true
	}
	return false
}

// codeFact encodes a fact twice, checks that the encodings are the same,
// and returns the fact decoded: the checker's sanity check of a fact.
func codeFact(fact analysis.Fact) (analysis.Fact, error) {
	var buf, buf2 bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(fact); err != nil {
		return nil, err
	}
	if err := gob.NewEncoder(&buf2).Encode(fact); err != nil {
		return nil, err
	}
	if !bytes.Equal(buf.Bytes(), buf2.Bytes()) {
		return nil, fmt.Errorf("encoding of %T fact is nondeterministic", fact)
	}
	decoded := reflect.New(reflect.TypeOf(fact).Elem()).Interface().(analysis.Fact)
	if err := gob.NewDecoder(&buf).Decode(decoded); err != nil {
		return nil, err
	}
	return decoded, nil
}

// TestAnalyzeAlone checks analyzeAlone against checker.Analyze over the
// package and the stubs it imports: the same findings and fixes, for
// generated sources that type-check and broken ones, under each analyzer
// of the fuzz tests, and for a controller whose findings come from the
// facts of the packages it imports.
func TestAnalyzeAlone(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "testdata", "src", "crosspkg", "controller", "controller.go"))
	if err != nil {
		t.Fatal(err)
	}
	if n := compareAlone(t, analyzer.Analyzer, string(src)); n != 2 {
		t.Errorf("crosspkg/controller: %d findings, want 2", n)
	}

	rng := rand.New(rand.NewPCG(5, 6))
	compared := 0
	for i := range 24 {
		data := make([]byte, rng.IntN(256))
		for j := range data {
			data[j] = byte(rng.Uint32())
		}
		src, a := reconcilerSource(data), fuzzAnalyzer(t, data)
		if i%2 == 1 {
			src, a = breakSource(src, data), despiteErrors(a)
		}
		if compareAlone(t, a, src) > 0 {
			compared++
		}
	}
	if compared < 12 {
		t.Errorf("%d inputs with findings, want 12 or more", compared)
	}
}

// compareAlone analyses src both ways, fails the test if they differ,
// and returns the number of findings.
func compareAlone(t *testing.T, a *analysis.Analyzer, src string) int {
	t.Helper()
	file, perr := parseSource(t, "", "p.go", src)
	if file == nil {
		return 0
	}
	root, errs := checkSource(t, file)
	if perr != nil { // as a driver records it: the package has errors
		root.Errors = append(root.Errors, packages.Error{Msg: perr.Error(), Kind: packages.ParseError})
	}
	for _, err := range errs {
		root.Errors = append(root.Errors, packages.Error{Msg: err.Error(), Kind: packages.TypeError})
	}
	root.IllTyped = len(errs) > 0
	alone := analyzeAlone(t, a, root, true)
	graph := analyzePackage(t, a, root, &checker.Options{SanityCheck: true})
	tf := root.Fset.File(file.FileStart)
	want := (&analyzed{tf: tf, diags: diagnosticsOf(graph, root)}).render()
	if got := (&analyzed{tf: tf, diags: alone.Diagnostics}).render(); got != want {
		t.Fatalf("alone:\n%s\nwith the stubs:\n%s\nsource:\n%s", got, want, src)
	}
	return len(alone.Diagnostics)
}
