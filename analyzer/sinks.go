package analyzer

import (
	"go/types"
	"slices"

	"github.com/ctxnotify/ctxnotify-lint/internal/callgraph"
	"github.com/ctxnotify/ctxnotify-lint/internal/qualname"
	"github.com/ctxnotify/ctxnotify-lint/internal/recorders"
)

// sinks tells which functions publish events: the recorder methods of
// internal/recorders, by name or by shape, and the configured ones.
type sinks struct {
	configured map[string]bool // -sinks
	memo       map[*types.Func]bool
}

func newSinks(s *settings) *sinks {
	return &sinks{configured: s.sinks, memo: make(map[*types.Func]bool)}
}

// isSink reports whether calling fn publishes an event.
func (sk *sinks) isSink(fn *types.Func) bool {
	if v, ok := sk.memo[fn]; ok {
		return v
	}
	key := qualifiedName(fn)
	_, shaped := recorders.ShapeOf(fn)
	v := shaped || recorders.IsKnown(key) || sk.configured[key]
	sk.memo[fn] = v
	return v
}

// declaresSinks reports whether the package at path declares sinks.
func declaresSinks(path string, s *settings) bool {
	if slices.Contains(recorders.Packages, path) {
		return true
	}
	for name := range s.sinks {
		if _, ok := qualname.In(name, path); ok {
			return true
		}
	}
	return false
}

// qualifiedName names a function "pkgpath.Func" and a method
// "pkgpath.Type.Method", the form of the -sinks, -guards and -roots flags.
func qualifiedName(fn *types.Func) string {
	if fn.Pkg() == nil {
		return fn.Name()
	}
	if tn := callgraph.ReceiverType(fn); tn != nil {
		return tn.Pkg().Path() + "." + tn.Name() + "." + fn.Name()
	}
	return fn.Pkg().Path() + "." + fn.Name()
}
