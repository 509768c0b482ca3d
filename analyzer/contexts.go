package analyzer

import (
	"go/token"
	"go/types"

	"github.com/ctxnotify/ctxnotify-lint/internal/guardflow"
)

func isContextType(t types.Type) bool { return guardflow.IsContext(t) }

// contextParams returns the context.Context parameters of sig, blank and
// unnamed ones included.
func contextParams(sig *types.Signature) []*types.Var {
	var out []*types.Var
	params := sig.Params()
	for i := range params.Len() {
		if isContextType(params.At(i).Type()) {
			out = append(out, params.At(i))
		}
	}
	return out
}

// visibleAt reports whether v may be referred to at pos: its scope encloses
// pos and it is declared before pos.
// Blank and unnamed parameters are in no scope: the flow analysis only
// knows those of the function and of enclosing functions, all in scope.
func visibleAt(v *types.Var, pos token.Pos) bool {
	s := v.Parent()
	if s == nil {
		return v.Kind() == types.ParamVar
	}
	return s.Pos() <= pos && pos < s.End() && v.Pos() < pos
}
