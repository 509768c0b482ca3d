package analyzer

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
	"github.com/ctxnotify/ctxnotify-lint/internal/namedtype"
)

// reconcileScope is the code that is analysed: every function under scope
// all; under scope reconcile, the functions reached from roots.
type reconcileScope struct {
	all   bool
	funcs map[*callgraph.Func]bool
}

// analysed reports whether f's events are judged where a usable context is
// in hand (else f is an emitter): always under scope all.
func (r reconcileScope) analysed(f *callgraph.Func) bool { return r.all || r.funcs[f] }

// reconcileCode returns the analysed code: under scope reconcile, every
// node of the package's call graph that a root reaches through calls or
// references (method values, function values, the literals defined inside
// it), also through an interface method, whose calls and method values
// reach its implementations in the package.
func reconcileCode(idx *callgraph.Graph, s *settings) reconcileScope {
	if !s.reconcileOnly {
		return reconcileScope{all: true}
	}
	in := make(map[*callgraph.Func]bool)
	var work []*callgraph.Func
	for _, f := range idx.Funcs {
		if isRoot(idx, f, s) {
			in[f] = true
			work = append(work, f)
		}
	}
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		reach := func(g *callgraph.Func) {
			if g != nil && !in[g] {
				in[g] = true
				work = append(work, g)
			}
		}
		for _, g := range f.Refs {
			reach(g)
		}
	}
	return reconcileScope{funcs: in}
}

// isRoot: a method named Reconcile whose first parameter is a
// context.Context, a function matched by -roots, or a literal converted to
// controller-runtime's reconcile.Func or reconcile.TypedFunc.
func isRoot(idx *callgraph.Graph, f *callgraph.Func, s *settings) bool {
	switch {
	case f.Lit != nil:
		return isReconcileFunc(idx, f)
	case f.Iface:
		return false
	}
	sig := f.Sig
	if f.Obj.Name() == "Reconcile" && sig.Recv() != nil && sig.Params().Len() > 0 &&
		guardflow.IsContext(sig.Params().At(0).Type()) {
		return true
	}
	name := qualifiedName(f.Obj)
	for _, re := range s.roots {
		if re.MatchString(name) {
			return true
		}
	}
	return false
}

const reconcilePkg = "sigs.k8s.io/controller-runtime/pkg/reconcile"

// isReconcileFunc reports whether a literal becomes a reconcile.Func or
// reconcile.TypedFunc: converted to one, or given where one is expected
// (an argument, an assignment, a return).
func isReconcileFunc(idx *callgraph.Graph, f *callgraph.Func) bool {
	cur := f.Cur
	for cur.ParentEdgeKind() == edge.ParenExpr_X {
		cur = cur.Parent()
	}
	var target types.Type
	info := idx.Info
	switch parent := cur.Parent().Node().(type) {
	case *ast.CallExpr:
		if tv, ok := info.Types[parent.Fun]; ok && tv.IsType() {
			target = tv.Type // a conversion
		} else if sig, ok := guardflow.SignatureOf(info, parent.Fun); ok {
			_, i := cur.ParentEdge()
			target = paramType(sig, i)
		}
	case *ast.AssignStmt:
		_, i := cur.ParentEdge()
		if i >= 0 && i < len(parent.Lhs) && len(parent.Lhs) == len(parent.Rhs) {
			target = info.TypeOf(parent.Lhs[i])
		}
	case *ast.ValueSpec:
		if parent.Type != nil {
			target = info.TypeOf(parent.Type)
		}
	case *ast.ReturnStmt:
		_, i := cur.ParentEdge()
		target = resultOf(info, cur.Parent(), i, len(parent.Results))
	}
	return target != nil && isReconcileFuncType(target)
}

// resultOf is the type of result i of the function that the return
// statement ret (with n results) returns from.
func resultOf(info *types.Info, ret inspector.Cursor, i, n int) types.Type {
	for encl := range ret.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		var sig *types.Signature
		switch fn := encl.Node().(type) {
		case *ast.FuncDecl:
			if obj, ok := info.Defs[fn.Name].(*types.Func); ok {
				sig = obj.Signature()
			}
		case *ast.FuncLit:
			sig, _ = info.TypeOf(fn).(*types.Signature)
		}
		if sig == nil || i < 0 || i >= n || n != sig.Results().Len() {
			return nil
		}
		return sig.Results().At(i).Type()
	}
	return nil
}

// paramType is the type of a call's argument i.
func paramType(sig *types.Signature, i int) types.Type {
	params := sig.Params()
	switch {
	case i < 0:
		return nil
	case sig.Variadic() && i >= params.Len()-1:
		if s, ok := params.At(params.Len() - 1).Type().(*types.Slice); ok {
			return s.Elem()
		}
		return nil // append(b, s...) with s a string
	case i < params.Len():
		return params.At(i).Type()
	}
	return nil
}

func isReconcileFuncType(t types.Type) bool {
	return namedtype.Is(t, reconcilePkg, "TypedFunc") || namedtype.Is(t, reconcilePkg, "Func")
}
