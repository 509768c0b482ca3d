package analyzer

import (
	"fmt"
	"go/token"
	"path/filepath"
)

// emitting reports whether a call publishes an event: a sink, an emitter
// of this package, a literal that emits, or an imported emitter (fact).
func (a *pass) emitting(site *callSite) bool {
	if a.isSinkCall(site) {
		return true
	}
	if t := a.target(site); t != nil {
		return t.emits != nil
	}
	return site.callee != nil && a.importedEmitter(site) != nil
}

func (a *pass) isSinkCall(site *callSite) bool {
	return site.callee != nil && a.isSink(site.callee)
}

// importedEmitter returns the emitter fact of a function of another package.
func (a *pass) importedEmitter(site *callSite) *emitterFact {
	fn := site.callee
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == a.Pkg {
		return nil
	}
	if f, ok := a.emitterFacts[fn]; ok {
		return f
	}
	var fact *emitterFact
	if f := new(emitterFact); a.ImportObjectFact(fn, f) {
		fact = f
	}
	a.emitterFacts[fn] = fact
	return fact
}

// sitesByTarget indexes the call sites of each function of the package
// (sink calls aside): the reverse call graph the fixpoints walk.
func (a *pass) sitesByTarget() map[*funcInfo][]*callSite {
	out := make(map[*funcInfo][]*callSite)
	for _, f := range a.funcs {
		for _, site := range f.calls {
			if t := a.target(site); t != nil && !a.isSinkCall(site) {
				out[t] = append(out[t], site)
			}
		}
	}
	return out
}

// mayEmit over-approximates the emitters, ignoring guards: the functions
// that call a sink, an imported emitter, or (transitively) one of them.
// Only these functions need control-flow graphs.
func (a *pass) mayEmit(sitesOf map[*funcInfo][]*callSite) map[*funcInfo]bool {
	out := make(map[*funcInfo]bool)
	var work []*funcInfo
	for _, f := range a.funcs {
		for _, site := range f.calls {
			if !out[f] && (a.isSinkCall(site) || a.importedEmitter(site) != nil) {
				out[f] = true
				work = append(work, f)
			}
		}
	}
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		for _, site := range sitesOf[f] {
			if !out[site.fn] {
				out[site.fn] = true
				work = append(work, site.fn)
			}
		}
	}
	return out
}

// markGuardedFuncs applies rule 3: an unexported function, never used as a
// value, with at least one call site in non-test files, all of them guarded,
// is itself guarded. Greatest fixpoint: every candidate starts guarded (so
// guarded recursion stays guarded) and loses it when a call site is not;
// then only the candidates called from inside it are checked again.
func (a *pass) markGuardedFuncs(mayEmit map[*funcInfo]bool, sitesOf map[*funcInfo][]*callSite) {
	var work []*funcInfo
	dependents := make(map[*funcInfo][]*funcInfo) // declaration -> candidates called inside it
	for _, f := range a.funcs {
		if f.decl != nil && mayEmit[f] && !f.obj.Exported() && !f.valueUse && len(sitesOf[f]) > 0 {
			f.guarded = true
			work = append(work, f)
			for _, site := range sitesOf[f] {
				d := outermost(site.fn)
				dependents[d] = append(dependents[d], f)
			}
		}
	}
	for len(work) > 0 {
		f := work[0]
		work = work[1:]
		if !f.guarded {
			continue
		}
		for _, site := range sitesOf[f] {
			if !a.guardedAt(site) {
				f.guarded = false
				work = append(work, dependents[f]...)
				break
			}
		}
	}
}

// outermost returns the declaration a literal is nested in.
func outermost(f *funcInfo) *funcInfo {
	for f.parent != nil {
		f = f.parent
	}
	return f
}

// findEmitters computes the least fixpoint of the emitter rule: a function
// is an emitter when it makes an emitting call, unguarded, with no usable
// context in hand, and is not itself guarded (rule 3). When a function
// becomes one, only its callers are looked at again.
func (a *pass) findEmitters(mayEmit map[*funcInfo]bool, sitesOf map[*funcInfo][]*callSite) {
	var work []*funcInfo
	for _, f := range a.funcs {
		if mayEmit[f] {
			work = append(work, f)
		}
	}
	for len(work) > 0 {
		f := work[0]
		work = work[1:]
		if f.emits != nil || f.guarded {
			continue
		}
		for _, site := range f.calls {
			if a.emitting(site) && !a.ignored(site) && !a.guardedAt(site) &&
				a.usableContext(f, site.call.Pos()) == nil {
				f.emits = site
				for _, caller := range sitesOf[f] {
					work = append(work, caller.fn)
				}
				break
			}
		}
	}
}

// chain lists the calls from site down to the sink.
func (a *pass) chain(site *callSite) []emitStep {
	var steps []emitStep
	for range 32 { // emitters found by the fixpoint never loop; bound it anyway
		steps = append(steps, emitStep{Callee: site.name(), At: a.shortPos(site.call.Pos())})
		if a.isSinkCall(site) {
			return steps
		}
		t := a.target(site)
		if t == nil {
			if fact := a.importedEmitter(site); fact != nil {
				steps = append(steps, fact.Steps...)
			}
			return steps
		}
		if t.emits == nil {
			return steps
		}
		site = t.emits
	}
	return steps
}

// exportEmitters exports a fact for each declared emitter, for the
// packages that import this one.
func (a *pass) exportEmitters() {
	for _, f := range a.funcs {
		if f.decl != nil && f.emits != nil {
			a.ExportObjectFact(f.obj, &emitterFact{Steps: a.chain(f.emits)})
		}
	}
}

// shortPos formats a position as "file.go:91", readable in every driver.
func (a *pass) shortPos(pos token.Pos) string {
	p := a.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}
