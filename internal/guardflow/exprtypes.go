package guardflow

import (
	"go/ast"
	"go/constant"
	"go/types"
)

// exprType is what the dataflow needs of an expression's type and value,
// in a few bits.
type exprType uint8

const (
	contextType   exprType = 1 << iota // of type context.Context
	contextField                       // ... a struct field of that type
	typeExpr                           // it denotes a type: a call of it is a conversion
	nilValue                           // the predeclared nil
	trueValue                          // the boolean constant true
	falseValue                         // the boolean constant false
	contextResult                      // a call whose (first) result is a context
)

// exprTypes holds the package's expressions whose exprType is not zero
// (contexts, type expressions, nil, boolean constants, calls returning
// contexts): a small part of info.Types, found in one pass over it. The
// evaluator asks at calls, selectors and conditions, on every pass over
// every block. info.Types holds every expression of the package in large
// entries, so that once a package is large a lookup in it misses the
// cache, and those lookups made the time per line grow with the size of
// a function.
type exprTypes map[ast.Expr]exprType

func (env *Env) newExprTypes() exprTypes {
	m := make(exprTypes)
	for e, tv := range env.info.Types {
		if t := env.classify(e, tv); t != 0 {
			m[e] = t
		}
	}
	return m
}

// classify is the exprType of expression e, whose type and value are tv.
func (env *Env) classify(e ast.Expr, tv types.TypeAndValue) exprType {
	if tv.Type == nil {
		return 0
	}
	var t exprType
	if IsContext(tv.Type) {
		t |= contextType
		if sel, ok := e.(*ast.SelectorExpr); ok {
			if s := env.info.Selections[sel]; s != nil && s.Kind() == types.FieldVal {
				t |= contextField
			}
		}
	}
	if tv.IsType() {
		t |= typeExpr
	}
	if tv.IsNil() {
		t |= nilValue
	}
	if tv.Value != nil && tv.Value.Kind() == constant.Bool {
		if constant.BoolVal(tv.Value) {
			t |= trueValue
		} else {
			t |= falseValue
		}
	}
	if _, ok := e.(*ast.CallExpr); ok && IsContext(firstResult(tv.Type)) {
		t |= contextResult
	}
	return t
}

// recorded returns the exprType of e as info.Types records it. It looks
// e up there until the environment has made as many lookups as a quarter
// of info.Types holds, then indexes it (exprTypes): the pass that does
// costs about that many lookups, which an environment that analyses a few
// small functions (a round of the search for guard functions) never makes.
func (env *Env) recorded(e ast.Expr) exprType {
	if env.types == nil {
		if env.lookups < len(env.info.Types)/4 {
			env.lookups++
			if tv, ok := env.info.Types[e]; ok {
				return env.classify(e, tv)
			}
			return 0
		}
		env.types = env.newExprTypes()
	}
	return env.types[e]
}

// typeOf returns what info.TypeOf(e) tells: as recorded or, for an
// identifier, what its object's type tells (info.Types does not record
// one a definition declares; for the others, the types are the same).
func (env *Env) typeOf(e ast.Expr) exprType {
	if t := env.recorded(e); t != 0 {
		return t
	}
	if id, ok := e.(*ast.Ident); ok {
		if obj := env.info.ObjectOf(id); obj != nil {
			return env.classify(id, types.TypeAndValue{Type: obj.Type()}) & contextType
		}
	}
	return 0
}
