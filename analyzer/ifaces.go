package analyzer

import (
	"fmt"
	"go/types"
	"sort"
)

// implementations maps the methods of the package's interfaces to the
// methods of the package's named types that implement them, so that a call
// through an interface (crossplane-runtime's event.Recorder, karpenter's
// events.Recorder) emits when an implementation does. Only the package's
// own types are searched: the work is its interfaces times its named
// types, nothing from other packages.
type implementations struct {
	methods []*types.Func                 // the interface methods that have implementations, in source order
	impls   map[*types.Func][]impl        // interface method -> its implementations, in source order
	of      map[*types.Func][]*types.Func // implementing method -> the interface methods it implements
	callers map[*types.Func][]*callSite   // interface method -> the package's calls through it
}

// impl is a method that implements an interface method: the named type's
// own, or one promoted from an embedded field.
type impl struct {
	method *types.Func // origin
	name   string      // the implementing type and the method, as messages name it: "APIRecorder.Event"
}

// findImplementations pairs each method declared in an interface of the
// package with the same method of each named type of the package that
// implements the interface, as a value or a pointer. Declarations in test
// files do not count, nor generic types, nor interface methods that are
// sinks themselves.
func findImplementations(idx *index, m *model, sk *sinks) *implementations {
	im := &implementations{
		impls:   make(map[*types.Func][]impl),
		of:      make(map[*types.Func][]*types.Func),
		callers: make(map[*types.Func][]*callSite),
	}
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
				if meth.Pkg() != idx.pkg || sk.isSink(meth) {
					continue // declared in an embedded interface of another package (its facts are that package's), or a sink
				}
				obj, _, _ := types.LookupFieldOrMethod(recv, false, meth.Pkg(), meth.Name())
				fn, ok := obj.(*types.Func)
				if !ok {
					continue
				}
				fn = fn.Origin()
				if fn.Pkg() == idx.pkg && isInterfaceMethod(fn) || seen[[2]*types.Func{meth, fn}] {
					continue // promoted from an embedded interface of the package (nothing to follow), or met already
				}
				seen[[2]*types.Func{meth, fn}] = true
				if len(im.impls[meth]) == 0 {
					im.methods = append(im.methods, meth)
				}
				im.impls[meth] = append(im.impls[meth], impl{method: fn, name: t.Obj().Name() + "." + meth.Name()})
				im.of[fn] = append(im.of[fn], meth)
			}
		}
	}
	for _, f := range idx.funcs {
		for _, site := range f.calls {
			if site.callee != nil && len(im.impls[site.callee]) > 0 {
				im.callers[site.callee] = append(im.callers[site.callee], site)
			}
		}
	}
	return im
}

// namedTypesOf returns the package's non-generic named interfaces and other
// named types declared in non-test files, in source order.
func namedTypesOf(m *model) (ifaces, concrete []*types.Named) {
	scope := m.pkg.Scope()
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
	// Source order by file name and offset: token.Pos order follows the
	// order in which the driver read the files.
	byPos := func(ts []*types.Named) {
		sort.Slice(ts, func(i, j int) bool {
			pi, pj := m.fset.Position(ts[i].Obj().Pos()), m.fset.Position(ts[j].Obj().Pos())
			if pi.Filename != pj.Filename {
				return pi.Filename < pj.Filename
			}
			return pi.Offset < pj.Offset
		})
	}
	byPos(ifaces)
	byPos(concrete)
	return ifaces, concrete
}

func isInterfaceMethod(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

// The emitter interface methods: an interface method emits when one of its
// implementations is a sink, an emitter of another package (promoted from
// an embedded field), or an emitter of the package that has no usable
// context of its own where it emits (one that has is judged itself).

// emitsOutright reports whether an implementation emits whatever the
// package's own emitters are: a sink, or an imported emitter.
func (em *sinkCalls) emitsOutright(im impl) bool {
	return em.sinks.isSink(im.method) || em.idx.decls[im.method] == nil && em.importedFact(im.method) != nil
}

// implementationEmits records that f, which has just become an emitter
// without a usable context in hand, makes the interface methods it
// implements emitter methods, and returns work with the functions that
// call through them.
func (em *emitters) implementationEmits(f *funcNode, work []*funcNode) []*funcNode {
	for _, m := range em.ifaces.of[f.obj] {
		if _, ok := em.viaIface[m]; ok {
			continue
		}
		for _, im := range em.ifaces.impls[m] {
			if im.method == f.obj {
				em.viaIface[m] = im
				break
			}
		}
		for _, site := range em.ifaces.callers[m] {
			work = append(work, site.fn)
		}
	}
	return work
}

// implChain lists the calls from an implementation down to the sink: none
// when it is a sink itself.
func (em *emitters) implChain(im impl) []emitStep {
	if em.sinks.isSink(im.method) {
		return nil
	}
	if f := em.idx.decls[im.method]; f != nil {
		if site := em.local[f]; site != nil {
			return em.chain(site)
		}
		return nil
	}
	if fact := em.importedFact(im.method); fact != nil {
		return fact.Steps
	}
	return nil
}

// implSite returns the emitting call of an implementation of the package
// that emits through its own body, if it is one.
func (em *emitters) implSite(im impl) *callSite {
	f := em.idx.decls[im.method]
	if f == nil || em.sinks.isSink(im.method) {
		return nil
	}
	return em.local[f]
}

// emitsText says what a call of a helper emits, and through which
// implementation for an interface method:
// "r.record.Event(…) emits an event (APIRecorder.Event calls r.kube.AnnotatedEventf at event.go:103)".
func emitsText(site *callSite, steps []emitStep) string {
	sink := steps[len(steps)-1]
	switch impl := steps[0].Impl; {
	case impl != "" && len(steps) == 2:
		return fmt.Sprintf("%s emits an event (%s calls %s at %s)", callText(site.call), impl, sink.Callee, sink.At)
	case impl != "":
		return fmt.Sprintf("%s emits an event (%s reaches %s at %s)", callText(site.call), impl, sink.Callee, sink.At)
	}
	return fmt.Sprintf("%s emits an event (%s at %s)", callText(site.call), sink.Callee, sink.At)
}

// methodText names a method by its receiver's type: "Recorder.Event".
func methodText(fn *types.Func) string {
	if recv := fn.Signature().Recv(); recv != nil {
		t := types.Unalias(recv.Type())
		if p, ok := t.(*types.Pointer); ok {
			t = types.Unalias(p.Elem())
		}
		if named, ok := t.(*types.Named); ok {
			return named.Obj().Name() + "." + fn.Name()
		}
	}
	return fn.Name()
}
