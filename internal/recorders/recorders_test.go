package recorders

import (
	"go/token"
	"go/types"
	"testing"
)

// TestTable: in every shape the event type comes right before the reason,
// both are strings, and only the last parameter may be the variadic one.
func TestTable(t *testing.T) {
	for name, shapes := range Shapes {
		for _, s := range shapes {
			if s.Type != s.Reason-1 || s.Params[s.Type] != String || s.Params[s.Reason] != String {
				t.Errorf("%s %v: type at %d, reason at %d", name, s.Params, s.Type, s.Reason)
			}
			for i, p := range s.Params[:len(s.Params)-1] {
				if p == Args {
					t.Errorf("%s %v: variadic parameter %d is not the last", name, s.Params, i)
				}
			}
			if s.Params[0] != Object || (s.API == EventsV1) != (s.Params[1] == Object) {
				t.Errorf("%s %v: the first parameters do not match API %d", name, s.Params, s.API)
			}
		}
	}
}

// TestShapeOf: a method with a shape's parameter list and no results is a
// recorder method; a changed parameter or an added result makes it none.
func TestShapeOf(t *testing.T) {
	runtime := types.NewPackage(RuntimePackage, "runtime")
	object := types.NewNamed(types.NewTypeName(token.NoPos, runtime, "Object", nil), types.NewInterfaceType(nil, nil), nil)
	pkg := types.NewPackage("example.com/rec", "rec")
	recv := types.NewVar(token.NoPos, pkg, "r", types.NewPointer(types.NewStruct(nil, nil)))
	typeOf := map[Param]types.Type{
		Object:      object,
		String:      stringType,
		Annotations: annotationsType,
		Args:        types.NewSlice(types.Universe.Lookup("any").Type()), // ...any is ...interface{}
	}
	method := func(name string, params []types.Type, results ...types.Type) *types.Func {
		var ps, rs []*types.Var
		for _, p := range params {
			ps = append(ps, types.NewParam(token.NoPos, pkg, "", p))
		}
		for _, r := range results {
			rs = append(rs, types.NewParam(token.NoPos, pkg, "", r))
		}
		_, variadic := params[len(params)-1].(*types.Slice)
		sig := types.NewSignatureType(recv, nil, nil, types.NewTuple(ps...), types.NewTuple(rs...), variadic)
		return types.NewFunc(token.NoPos, pkg, name, sig)
	}
	for name, shapes := range Shapes {
		for _, s := range shapes {
			var params []types.Type
			for _, p := range s.Params {
				params = append(params, typeOf[p])
			}
			if got, ok := ShapeOf(method(name, params)); !ok || got.API != s.API || got.Reason != s.Reason {
				t.Errorf("%s %v: ShapeOf = %v, %t", name, s.Params, got, ok)
			}
			if _, ok := ShapeOf(method(name, params, types.Universe.Lookup("error").Type())); ok {
				t.Errorf("%s %v with a result: a recorder method", name, s.Params)
			}
			if _, ok := ShapeOf(method(name+"X", params)); ok {
				t.Errorf("%sX %v: a recorder method", name, s.Params)
			}
			for i := range params[:len(params)-1] {
				changed := append([]types.Type(nil), params...)
				changed[i] = types.Typ[types.Int]
				if _, ok := ShapeOf(method(name, changed)); ok {
					t.Errorf("%s %v with parameter %d an int: a recorder method", name, s.Params, i)
				}
			}
		}
	}
}
