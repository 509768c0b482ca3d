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

// mayEmit over-approximates the emitters, ignoring guards: the functions
// that call a sink, an imported emitter, or (transitively) one of them.
// Only these functions need control-flow graphs.
func (a *pass) mayEmit() map[*funcInfo]bool {
	out := make(map[*funcInfo]bool)
	callers := make(map[*funcInfo][]*funcInfo)
	var work []*funcInfo
	for _, f := range a.funcs {
		for _, site := range f.calls {
			if t := a.target(site); t != nil && !a.isSinkCall(site) {
				callers[t] = append(callers[t], f)
			} else if a.isSinkCall(site) || a.importedEmitter(site) != nil {
				if !out[f] {
					out[f] = true
					work = append(work, f)
				}
			}
		}
	}
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		for _, c := range callers[f] {
			if !out[c] {
				out[c] = true
				work = append(work, c)
			}
		}
	}
	return out
}

// markGuardedFuncs applies rule 3: an unexported function, never used as a
// value, with at least one call site in non-test files, all of them guarded,
// is itself guarded. Greatest fixpoint: a call site inside a guarded
// function is guarded, so guarded recursion stays guarded.
func (a *pass) markGuardedFuncs(mayEmit map[*funcInfo]bool) {
	sites := make(map[*funcInfo][]*callSite)
	for f := range mayEmit {
		for _, site := range f.calls {
			if t := a.target(site); t != nil && t.decl != nil {
				sites[t] = append(sites[t], site)
			}
		}
	}
	var candidates []*funcInfo
	for _, f := range a.funcs {
		if f.decl != nil && mayEmit[f] && !f.obj.Exported() && !f.valueUse && len(sites[f]) > 0 {
			f.guarded = true
			candidates = append(candidates, f)
		}
	}
	for changed := true; changed; {
		changed = false
		for _, f := range candidates {
			if !f.guarded {
				continue
			}
			for _, site := range sites[f] {
				if !a.guardedAt(site) {
					f.guarded = false
					changed = true
					break
				}
			}
		}
	}
}

// findEmitters computes the least fixpoint of the emitter rule: a function
// is an emitter when it makes an emitting call, unguarded, with no usable
// context in hand, and is not itself guarded (rule 3).
func (a *pass) findEmitters(mayEmit map[*funcInfo]bool) {
	for changed := true; changed; {
		changed = false
		for _, f := range a.funcs {
			if f.emits != nil || !mayEmit[f] || f.guarded {
				continue
			}
			for _, site := range f.calls {
				if a.emitting(site) && !a.ignored(site) && !a.guardedAt(site) &&
					a.usableContext(f, site.call.Pos()) == nil {
					f.emits = site
					changed = true
					break
				}
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
