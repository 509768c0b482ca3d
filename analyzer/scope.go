package analyzer

import (
	"go/types"
)

// markReconcileCode marks, for scope reconcile, every function of the
// package that a root reaches through calls or references: method values,
// function values and the literals defined inside it.
func (a *pass) markReconcileCode() {
	var work []*funcInfo
	for _, f := range a.funcs {
		if f.decl != nil && a.isRoot(f.obj) {
			f.reconcile = true
			work = append(work, f)
		}
	}
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		for _, g := range f.refs {
			if !g.reconcile {
				g.reconcile = true
				work = append(work, g)
			}
		}
	}
}

// isRoot: a method named Reconcile whose first parameter is a
// context.Context, or a function matched by -roots.
func (a *pass) isRoot(fn *types.Func) bool {
	sig := fn.Signature()
	if fn.Name() == "Reconcile" && sig.Recv() != nil && sig.Params().Len() > 0 &&
		isContextType(sig.Params().At(0).Type()) {
		return true
	}
	name := qualifiedName(fn)
	for _, re := range a.settings.roots {
		if re.MatchString(name) {
			return true
		}
	}
	return false
}
