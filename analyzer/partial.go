package analyzer

import (
	"go/ast"
	"go/types"
)

// Code with type errors reaches the analyzer too (the standalone command
// analyses such a package as far as its types go): an expression may have
// no type recorded, or an invalid one, and an identifier no object.

// signatureOf returns the signature of the function a call calls, if its
// type is known.
func signatureOf(info *types.Info, fun ast.Expr) (*types.Signature, bool) {
	t := info.TypeOf(fun)
	if t == nil {
		return nil, false
	}
	sig, ok := t.Underlying().(*types.Signature)
	return sig, ok
}
