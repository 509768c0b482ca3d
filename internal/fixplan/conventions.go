package fixplan

import (
	"go/ast"
	"go/types"
	"go/version"
	"regexp"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
	"github.com/ctxnotify/ctxnotify-lint/internal/syntax"
)

// The repository's conventions, which the code a fix writes follows (issue
// 42): how the package spells the empty interface, and how it names the
// contexts it derives.

// conventions is what a package's files say of its style.
type conventions struct {
	useAny  bool              // the empty interface is spelled any
	derived map[string]string // a derivation's kind (WithTimeout, WithDeadline, WithCancel, group) -> the name the package gives its context most
}

// NewConventions reads the package's non-test files: any where the
// package's Go version allows it and the package uses it at least as
// often as interface{}, else interface{}; and, for each kind of
// derivation, the name the package gives its derived contexts most often
// where that name is not the parent's (ctxTimeout, timeoutCtx).
func NewConventions(m *callgraph.Model) *conventions {
	c := &conventions{derived: make(map[string]string)}
	universeAny := types.Universe.Lookup("any")
	anys, empties := 0, 0
	counts := make(map[string]map[string]int)
	var order []string // kind|name in source order, for ties
	for _, file := range m.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				if n.Name == "any" && m.Info.Uses[n] == universeAny {
					anys++
				}
			case *ast.InterfaceType:
				if n.Methods == nil || len(n.Methods.List) == 0 {
					empties++
				}
			case *ast.AssignStmt:
				if len(n.Lhs) == 2 && len(n.Rhs) == 1 {
					c.noteDerivation(m.Info, n.Lhs, n.Rhs[0], counts, &order)
				}
			case *ast.ValueSpec:
				if len(n.Names) == 2 && len(n.Values) == 1 {
					c.noteDerivation(m.Info, []ast.Expr{n.Names[0], n.Names[1]}, n.Values[0], counts, &order)
				}
			}
			return true
		})
	}
	goVersion := m.Pkg.GoVersion()
	c.useAny = (goVersion == "" || version.Compare(goVersion, "go1.18") >= 0) && anys > 0 && anys >= empties
	best := make(map[string]int)
	for _, kn := range order {
		kind, name, _ := strings.Cut(kn, "|")
		if n := counts[kind][name]; n > best[kind] {
			best[kind], c.derived[kind] = n, name
		}
	}
	return c
}

// noteDerivation counts the name an assignment gives the context of a
// derivation of package context or errgroup, where it is not the
// parent's.
func (c *conventions) noteDerivation(info *types.Info, lhs []ast.Expr, rhs ast.Expr, counts map[string]map[string]int, order *[]string) {
	call, ok := ast.Unparen(rhs).(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return
	}
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return
	}
	kind, ctxIndex := "", 0
	switch path := fn.Pkg().Path(); {
	case path == "context":
		kind = derivationKind(fn.Name())
	case (path == "errgroup" || strings.HasSuffix(path, "/errgroup")) && fn.Name() == "WithContext":
		kind, ctxIndex = "group", 1
	}
	name := syntax.Ident(lhs[ctxIndex])
	if kind == "" || name == nil || name.Name == "_" {
		return
	}
	if parent := syntax.Ident(call.Args[0]); parent != nil && parent.Name == name.Name {
		return
	}
	if counts[kind] == nil {
		counts[kind] = make(map[string]int)
	}
	if counts[kind][name.Name] == 0 {
		*order = append(*order, kind+"|"+name.Name)
	}
	counts[kind][name.Name]++
}

// derivationKind is the kind of a derivation by its function's name:
// WithTimeout and WithTimeoutCause are one; "" for none.
func derivationKind(fn string) string {
	for _, k := range []string{"WithTimeout", "WithDeadline", "WithCancel"} {
		if strings.HasPrefix(fn, k) {
			return k
		}
	}
	return ""
}

// bareAny matches any as a type name, not a member of a package.
var bareAny = regexp.MustCompile(`(^|[^.\w])any\b`)

// spellEmpty spells the empty interface in a type's text as the package
// does.
func (c *conventions) spellEmpty(t string) string {
	if c.useAny {
		return strings.ReplaceAll(t, "interface{}", "any")
	}
	return bareAny.ReplaceAllString(t, "${1}interface{}")
}
