package callgraph

import (
	"go/types"
	"slices"
)

// addInterfaceMethods gives each method of the package's interfaces that
// a named type of the package implements a node of the call graph, whose
// calls dispatch to the implementations, in source order: a call through
// the interface (crossplane-runtime's event.Recorder, karpenter's
// events.Recorder) then reaches them as a call reaches its callee, for
// the emitters, for reconcile code and for guarded entries alike. Only
// the package's own types are searched: the work is its interfaces times
// its named types, nothing from other packages. Declarations in test
// files do not count, nor generic types, nor interface methods that are
// sinks themselves.
func (b *graphBuilder) addInterfaceMethods(m *Model, isSink func(*types.Func) bool) {
	ifaces, concrete := namedTypesOf(m)
	seen := make(map[[2]*types.Func]bool) // an interface embedded in another is met twice
	for _, iface := range ifaces {
		it := iface.Underlying().(*types.Interface)
		for _, t := range concrete {
			recv := types.Type(t)
			if !types.Implements(recv, it) {
				recv = types.NewPointer(t)
				if !types.Implements(recv, it) {
					continue
				}
			}
			for meth := range it.Methods() {
				if meth.Pkg() != b.Pkg || isSink(meth) {
					continue // declared in an embedded interface of another package (its facts are that package's), or a sink
				}
				obj, _, _ := types.LookupFieldOrMethod(recv, false, meth.Pkg(), meth.Name())
				fn, ok := obj.(*types.Func)
				if !ok {
					continue
				}
				fn = fn.Origin()
				if fn.Pkg() == b.Pkg && isInterfaceMethod(fn) || seen[[2]*types.Func{meth, fn}] {
					continue // promoted from an embedded interface of the package (nothing to follow), or met already
				}
				seen[[2]*types.Func{meth, fn}] = true
				node := b.Decls[meth]
				if node == nil {
					node = &Func{Obj: meth, Iface: true, Sig: meth.Signature()}
					b.Decls[meth] = node
					b.Funcs = append(b.Funcs, node)
				}
				site := &Site{Fn: node, Callee: fn, Impl: t.Obj().Name() + "." + meth.Name()}
				node.Calls = append(node.Calls, site)
				if impl := b.Decls[fn]; impl != nil {
					node.Refs = append(node.Refs, impl)
				}
			}
		}
	}
}

// namedTypesOf returns the package's non-generic named interfaces and other
// named types declared in non-test files, in source order.
func namedTypesOf(m *Model) (ifaces, concrete []*types.Named) {
	scope := m.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok || named.TypeParams().Len() > 0 || m.isTestPos(tn) {
			continue
		}
		switch u := named.Underlying().(type) {
		case *types.Interface:
			if u.NumMethods() > 0 {
				ifaces = append(ifaces, named)
			}
		case *types.Basic:
			if u.Kind() != types.Invalid {
				concrete = append(concrete, named)
			}
		default:
			concrete = append(concrete, named)
		}
	}
	byPos := func(a, b *types.Named) int { return m.Compare(a.Obj().Pos(), b.Obj().Pos()) }
	slices.SortFunc(ifaces, byPos)
	slices.SortFunc(concrete, byPos)
	return ifaces, concrete
}

func isInterfaceMethod(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type())
}
