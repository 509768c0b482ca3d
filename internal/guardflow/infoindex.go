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

// The evaluator asks types.Info at calls, selectors, conditions and
// variables, on every pass over every block. Its maps hold every
// expression and identifier of the package, so that once a package is
// large a lookup in them misses the cache, and those lookups made the
// time per line grow with the size of a function. The environment
// indexes, in one pass over each map, the few entries that tell the
// evaluator something: the expressions whose exprType is not zero
// (contexts, type expressions, nil, boolean constants, calls returning
// contexts: 6,000 of the generated function's 67,000 at 16x) and the
// identifiers of the objects it follows (nil, and the variables of type
// context.Context, bool or error).
//
// It indexes them only for a package whose maps do not fit the cache
// (indexMinEntries), and only once it has made as many lookups as a
// quarter of their entries: the passes that index them cost about that
// many lookups, which an environment that analyses a few small functions
// (a round of the search for guard functions) never makes.

// exprTypes maps expressions to their exprType, where it is not zero.
type exprTypes map[ast.Expr]exprType

// indexMinEntries is the size of info.Types below which the environment
// never indexes: the maps of a package of a few thousand lines stay in
// the cache from pass to pass, and a lookup in them costs what one in
// the index does, which building it would not repay (32,000 entries of
// info.Types fill 2 MB; the generated function has 4,200 at 1x, 67,000
// at 16x).
const indexMinEntries = 1 << 15

// direct reports whether a lookup goes to types.Info itself, counting it;
// once lookups repay it, it builds the indexes and reports false.
func (env *Env) direct() bool {
	switch {
	case env.types != nil:
		return false
	case len(env.info.Types) < indexMinEntries || env.lookups < (len(env.info.Types)+len(env.info.Uses))/4:
		env.lookups++
		return true
	}
	env.index()
	return false
}

// index builds the indexes.
func (env *Env) index() {
	env.types = env.newExprTypes()
	env.objects = env.newObjects()
}

func (env *Env) newExprTypes() exprTypes {
	m := make(exprTypes)
	for e, tv := range env.info.Types {
		if t := env.classify(e, tv); t != 0 {
			m[e] = t
		}
	}
	return m
}

func (env *Env) newObjects() map[*ast.Ident]types.Object {
	m := make(map[*ast.Ident]types.Object)
	for _, objs := range []map[*ast.Ident]types.Object{env.info.Defs, env.info.Uses} {
		for id, obj := range objs {
			if followed(obj) {
				m[id] = obj // an identifier is in one of them
			}
		}
	}
	return m
}

// followed reports whether the evaluator follows obj: nil, and the
// variables it may track or that hold contexts.
func followed(obj types.Object) bool {
	switch obj := obj.(type) {
	case *types.Nil:
		return true
	case *types.Var:
		t := obj.Type()
		return IsContext(t) || isBoolOrError(t)
	}
	return false
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

// recorded returns the exprType of e as info.Types records it.
func (env *Env) recorded(e ast.Expr) exprType {
	if env.direct() {
		if tv, ok := env.info.Types[e]; ok {
			return env.classify(e, tv)
		}
		return 0
	}
	return env.types[e]
}

// objectOf returns the object id refers to (info.Uses, else info.Defs),
// if the evaluator follows it (followed); else nil.
func (env *Env) objectOf(id *ast.Ident) types.Object {
	if env.direct() {
		obj := env.info.Uses[id]
		if obj == nil {
			obj = env.info.Defs[id]
		}
		if followed(obj) {
			return obj
		}
		return nil
	}
	return env.objects[id]
}

// typeOf returns what info.TypeOf(e) tells of a value: as recorded or,
// for a variable's identifier info.Types does not record (one a
// definition declares), what the variable's type tells.
func (env *Env) typeOf(e ast.Expr) exprType {
	if t := env.recorded(e); t != 0 {
		return t
	}
	if id, ok := e.(*ast.Ident); ok {
		if obj := env.objectOf(id); obj != nil && IsContext(obj.Type()) {
			return contextType
		}
	}
	return 0
}
