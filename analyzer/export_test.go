package analyzer

import "go/types"

// MethodName names a function "Func" and a method "Type.Method", as the
// messages do.
func MethodName(obj types.Object) string {
	if fn, ok := obj.(*types.Func); ok {
		return methodText(fn)
	}
	return obj.Name()
}
