package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
	"github.com/ctxnotify/ctxnotify-lint/internal/syntax"
)

// Runners: the functions that run a function parameter only before they
// return (RULE v8). A literal handed to one runs in the call, so a check
// in it may read the caller's contexts; handed to any other callee it may
// run after its function returns, when every cancel has run, and gets no
// fix.

// knownRunners run every function parameter before they return, keyed
// "pkgpath.Func" or "pkgpath.Type.Method". The standalone command does not
// analyse dependencies, and the standard library's sort and slices hand
// the function to internal helpers the runs facts do not follow.
var knownRunners = setOf(
	"sort.Slice", "sort.SliceStable", "sort.Search", "sort.Find",
	"slices.SortFunc", "slices.SortStableFunc", "slices.IsSortedFunc", "slices.BinarySearchFunc",
	"slices.IndexFunc", "slices.ContainsFunc", "slices.DeleteFunc", "slices.CompactFunc",
	"slices.EqualFunc", "slices.CompareFunc", "slices.MaxFunc", "slices.MinFunc",
	"maps.DeleteFunc", "maps.EqualFunc",
	"strings.Map", "strings.IndexFunc", "strings.LastIndexFunc", "strings.FieldsFunc", "strings.ContainsFunc",
	"strings.TrimFunc", "strings.TrimLeftFunc", "strings.TrimRightFunc",
	"bytes.Map", "bytes.IndexFunc", "bytes.LastIndexFunc", "bytes.FieldsFunc", "bytes.ContainsFunc",
	"bytes.TrimFunc", "bytes.TrimLeftFunc", "bytes.TrimRightFunc",
	"sync.Once.Do",
	"k8s.io/client-go/util/workqueue.ParallelizeUntil",
	"k8s.io/client-go/util/retry.RetryOnConflict", "k8s.io/client-go/util/retry.OnError",
	"k8s.io/apimachinery/pkg/api/meta.EachListItem", "k8s.io/apimachinery/pkg/api/meta.EachListItemWithAlloc",
	"k8s.io/apimachinery/pkg/util/wait.PollUntilContextCancel", "k8s.io/apimachinery/pkg/util/wait.PollUntilContextTimeout",
	"k8s.io/apimachinery/pkg/util/wait.Poll", "k8s.io/apimachinery/pkg/util/wait.PollWithContext",
	"k8s.io/apimachinery/pkg/util/wait.PollUntil", "k8s.io/apimachinery/pkg/util/wait.PollUntilWithContext",
	"k8s.io/apimachinery/pkg/util/wait.PollInfinite", "k8s.io/apimachinery/pkg/util/wait.PollInfiniteWithContext",
	"k8s.io/apimachinery/pkg/util/wait.PollImmediate", "k8s.io/apimachinery/pkg/util/wait.PollImmediateWithContext",
	"k8s.io/apimachinery/pkg/util/wait.PollImmediateUntil", "k8s.io/apimachinery/pkg/util/wait.PollImmediateUntilWithContext",
	"k8s.io/apimachinery/pkg/util/wait.PollImmediateInfinite", "k8s.io/apimachinery/pkg/util/wait.PollImmediateInfiniteWithContext",
	"k8s.io/apimachinery/pkg/util/wait.ExponentialBackoff", "k8s.io/apimachinery/pkg/util/wait.ExponentialBackoffWithContext",
	"k8s.io/apimachinery/pkg/util/wait.Until", "k8s.io/apimachinery/pkg/util/wait.UntilWithContext",
	"k8s.io/apimachinery/pkg/util/wait.NonSlidingUntil", "k8s.io/apimachinery/pkg/util/wait.NonSlidingUntilWithContext",
	"k8s.io/apimachinery/pkg/util/wait.JitterUntil", "k8s.io/apimachinery/pkg/util/wait.JitterUntilWithContext",
	"k8s.io/apimachinery/pkg/util/wait.BackoffUntil", "k8s.io/apimachinery/pkg/util/wait.BackoffUntilWithContext",
	"k8s.io/apimachinery/pkg/util/wait.Forever",
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil.CreateOrUpdate",
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil.CreateOrPatch",
)

// runsFact marks a function that runs its function parameters Params
// (indexes) only before it returns: it calls them, compares them with
// nil, ranges over them and calls what it gets, or hands them to
// functions that run them; it never keeps one, hands it to a function
// that may, or starts it with go.
type runsFact struct{ Params []int }

func (*runsFact) AFact() {}

func (f *runsFact) String() string {
	s := strings.ReplaceAll(fmt.Sprint(f.Params), " ", ",")
	return "runs(" + s[1:len(s)-1] + ")"
}

// runners answers which parameters a function runs only before it
// returns: the known runners, the package's own functions (a greatest
// fixpoint: recursion keeps what nothing else takes away), and the facts
// of the functions of other packages.
type runners struct {
	pkg        *types.Package
	importFact importFact
	local      map[*types.Func][]int // the package's runners, and what they run
}

// findRunners finds the package's functions that run function parameters
// only before they return.
func findRunners(m *callgraph.Model, imp importFact, mayReturn func(*ast.CallExpr) bool) *runners {
	r := &runners{pkg: m.Pkg, importFact: imp, local: make(map[*types.Func][]int)}
	// Every candidate runs until a use says otherwise; a use that hands it
	// to another candidate depends on that one.
	running := make(map[callgraph.Param]bool)
	bodies := make(map[*types.Func]*ast.FuncDecl)
	for _, d := range m.Decls {
		params := d.Obj.Signature().Params()
		for i := range params.Len() {
			if isFuncValued(params.At(i).Type()) {
				running[callgraph.Param{Fn: d.Obj, Index: i}] = true
				bodies[d.Obj] = d.Decl
			}
		}
	}
	if len(running) == 0 {
		return r
	}
	dependents := make(map[callgraph.Param][]callgraph.Param)
	var work []callgraph.Param
	for _, d := range m.Decls {
		if bodies[d.Obj] == nil {
			continue
		}
		params := d.Obj.Signature().Params()
		for i := range params.Len() {
			p := callgraph.Param{Fn: d.Obj, Index: i}
			if !running[p] {
				continue
			}
			ok := runsParam(m.Info, d.Decl, params.At(i), mayReturn, func(fn *types.Func, j int) bool {
				if q := (callgraph.Param{Fn: fn, Index: j}); fn.Pkg() == m.Pkg && bodies[fn] != nil {
					dependents[q] = append(dependents[q], p)
					return running[q]
				}
				return r.runs(fn, j)
			})
			if !ok {
				running[p] = false
				work = append(work, p)
			}
		}
	}
	for len(work) > 0 {
		q := work[0]
		work = work[1:]
		for _, p := range dependents[q] {
			if running[p] {
				running[p] = false
				work = append(work, p)
			}
		}
	}
	for p, ok := range running {
		if ok {
			r.local[p.Fn] = append(r.local[p.Fn], p.Index)
		}
	}
	for _, params := range r.local {
		slices.Sort(params)
	}
	return r
}

// isFuncValued reports whether t is a function type, or a slice of them
// (a variadic list of callbacks).
func isFuncValued(t types.Type) bool {
	if s, ok := t.Underlying().(*types.Slice); ok {
		t = s.Elem()
	}
	_, ok := t.Underlying().(*types.Signature)
	return ok
}

// runsParam reports whether decl runs its parameter v only before it
// returns: every use of v is a call of it (not with go), a comparison with
// nil, an argument of len or cap, a range whose value is only so used, or
// an argument a call runs (runs answers for functions); and every literal
// around a use runs before decl returns.
func runsParam(info *types.Info, decl *ast.FuncDecl, v *types.Var, mayReturn func(*ast.CallExpr) bool, runs func(*types.Func, int) bool) bool {
	callRuns := func(call *ast.CallExpr, i int, body *ast.BlockStmt) bool {
		return guardflow.CallRuns(info, mayReturn, runs, call, i, body)
	}
	vars := map[*types.Var]bool{v: true} // v, and range values taken from it
	ok := true
	syntax.Inspect(decl.Body, func(stack []ast.Node, inner *ast.BlockStmt) bool {
		if !ok {
			return false
		}
		switch n := stack[len(stack)-1].(type) {
		case *ast.RangeStmt:
			if w, isVar := info.Uses[syntax.Ident(n.X)].(*types.Var); isVar && vars[w] {
				val, _ := info.Defs[syntax.Ident(n.Value)].(*types.Var)
				if n.Tok != token.DEFINE || val == nil && n.Value != nil {
					ok = false
					return false
				}
				if val != nil {
					vars[val] = true
				}
			}
		case *ast.Ident:
			w, isVar := info.Uses[n].(*types.Var)
			if !isVar || !vars[w] {
				return true
			}
			if len(stack) > 1 {
				if r, isRange := stack[len(stack)-2].(*ast.RangeStmt); isRange && r.X == n {
					return true
				}
				if call, isCall := stack[len(stack)-2].(*ast.CallExpr); isCall && call.Fun != n {
					if b, isBuiltin := info.Uses[syntax.Ident(call.Fun)].(*types.Builtin); isBuiltin && (b.Name() == "len" || b.Name() == "cap") {
						return true
					}
				}
			}
			use := guardflow.ValueUse(info, stack, callRuns, inner)
			if use.Later() || use.Run == guardflow.RunsHeld {
				ok = false
				return false
			}
			// The literals around the use must run before decl returns.
			for k := len(stack) - 2; k >= 0; k-- {
				if _, isLit := stack[k].(*ast.FuncLit); isLit {
					body := decl.Body
					for j := k - 1; j >= 0; j-- {
						if outer, isLit := stack[j].(*ast.FuncLit); isLit {
							body = outer.Body
							break
						}
					}
					if u := guardflow.ValueUse(info, stack[:k+1], callRuns, body); u.Later() || u.Run == guardflow.RunsHeld {
						ok = false
						return false
					}
				}
			}
		}
		return true
	})
	return ok
}

// export exports the runs facts of the package's functions.
func (r *runners) export(export func(types.Object, analysis.Fact), m *callgraph.Model) {
	for _, d := range m.Decls {
		if params := r.local[d.Obj]; len(params) > 0 {
			export(d.Obj, &runsFact{Params: params})
		}
	}
}

// runs reports whether fn runs its parameter param only before it
// returns.
func (r *runners) runs(fn *types.Func, param int) bool {
	if knownRunners[qualifiedName(fn)] {
		return true
	}
	if fn.Pkg() == r.pkg {
		return slices.Contains(r.local[fn], param)
	}
	f := new(runsFact)
	return fn.Pkg() != nil && r.importFact(fn, f) && slices.Contains(f.Params, param)
}
