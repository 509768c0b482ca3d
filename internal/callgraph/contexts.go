package callgraph

import (
	"go/token"
	"go/types"

	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
)

// ContextParams returns the context.Context parameters of sig, blank and
// unnamed ones included.
func ContextParams(sig *types.Signature) []*types.Var {
	var out []*types.Var
	params := sig.Params()
	for i := range params.Len() {
		if guardflow.IsContext(params.At(i).Type()) {
			out = append(out, params.At(i))
		}
	}
	return out
}

// VisibleAt reports whether v may be referred to at pos: its scope encloses
// pos and it is declared before pos.
// Blank and unnamed parameters are in no scope: the flow analysis only
// knows those of the function and of enclosing functions, all in scope.
func VisibleAt(v *types.Var, pos token.Pos) bool {
	s := v.Parent()
	if s == nil {
		return v.Kind() == types.ParamVar
	}
	return s.Pos() <= pos && pos < s.End() && v.Pos() < pos
}
