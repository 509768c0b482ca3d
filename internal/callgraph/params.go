package callgraph

import "go/types"

// Param is a parameter of a declared function: its index.
type Param struct {
	Fn    *types.Func
	Index int
}

// ParamOf returns the declared function and index of v, a context
// parameter of f or of a function around it.
func ParamOf(f *Func, v *types.Var) (Param, bool) {
	if v == nil {
		return Param{}, false
	}
	owner := ParamOwner(f, v)
	if owner == nil || owner.Obj == nil {
		return Param{}, false
	}
	return Param{owner.Obj, ParamIndex(owner.Sig, v)}, true
}

// ParamOwner returns f or the enclosing function that declares the
// parameter v.
func ParamOwner(f *Func, v *types.Var) *Func {
	for g := f; g != nil; g = g.Parent {
		if ParamIndex(g.Sig, v) >= 0 {
			return g
		}
	}
	return nil
}

// ParamIndex returns the index of the parameter v of sig, or -1.
func ParamIndex(sig *types.Signature, v *types.Var) int {
	params := sig.Params()
	for i := range params.Len() {
		if params.At(i) == v {
			return i
		}
	}
	return -1
}
