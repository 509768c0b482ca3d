package analyzer

import (
	"fmt"
	"go/token"
	"regexp"
	"strings"
)

// Config holds the analyzer's settings. The command line (-ctxnotify.NAME flags)
// and the golangci-lint plugin both fill one and pass it to [New].
type Config struct {
	// Scope is "all" (default: every function with a usable context is
	// checked) or "reconcile" (only code reached from Reconcile methods and Roots).
	Scope string
	// Roots are regular expressions over "pkgpath.Recv.Method" or
	// "pkgpath.Func" naming extra reconcile roots (scope reconcile).
	Roots []string
	// Sinks name extra event sinks as "pkgpath.Type.Method" or "pkgpath.Func".
	Sinks []string
	// Guards name extra guard functions as "pkgpath.Func" or
	// "pkgpath.Type.Method" returning true when the context is cancelled;
	// a leading "!" marks one that returns true when it is not.
	Guards []string
	// Strict reports cancellation checks that also suppress
	// context.DeadlineExceeded, such as ctx.Err() != nil.
	Strict bool
	// Generated also reports findings in generated files.
	Generated bool
}

const (
	scopeAll       = "all"
	scopeReconcile = "reconcile"
)

// settings is a validated Config, ready for the passes.
type settings struct {
	reconcileOnly bool
	roots         []*regexp.Regexp
	sinks         map[string]bool // "pkgpath.Type.Method" or "pkgpath.Func"
	guards        map[string]bool // name -> result true means "not cancelled"
	strict        bool
	generated     bool
}

// validate checks every field and returns the first problem as an error
// that names the setting and the accepted form.
func (c Config) validate() (*settings, error) {
	s := &settings{
		sinks:     make(map[string]bool),
		guards:    make(map[string]bool),
		strict:    c.Strict,
		generated: c.Generated,
	}
	switch c.Scope {
	case "", scopeAll:
	case scopeReconcile:
		s.reconcileOnly = true
	default:
		return nil, fmt.Errorf("scope: %q is not a scope; use %q or %q", c.Scope, scopeAll, scopeReconcile)
	}
	for _, r := range c.Roots {
		re, err := regexp.Compile(r)
		if err != nil {
			return nil, fmt.Errorf("roots: %q is not a regular expression over pkgpath.Recv.Method or pkgpath.Func: %v", r, err)
		}
		s.roots = append(s.roots, re)
	}
	for _, name := range c.Sinks {
		if err := validateQualifiedName(name); err != nil {
			return nil, fmt.Errorf("sinks: %v", err)
		}
		s.sinks[name] = true
	}
	for _, name := range c.Guards {
		inverse := strings.HasPrefix(name, "!")
		name = strings.TrimPrefix(name, "!")
		if err := validateQualifiedName(name); err != nil {
			return nil, fmt.Errorf("guards: %v", err)
		}
		s.guards[name] = inverse
	}
	return s, nil
}

// validateQualifiedName accepts "pkgpath.Func" and "pkgpath.Type.Method".
func validateQualifiedName(name string) error {
	const form = "want pkgpath.Func or pkgpath.Type.Method, e.g. example.com/events.Notify"
	slash := strings.LastIndex(name, "/")
	tail := name[slash+1:]
	dot := strings.Index(tail, ".")
	if name == "" || dot <= 0 || strings.ContainsAny(name, " \t\n,") {
		return fmt.Errorf("%q: %s", name, form)
	}
	for _, ident := range strings.Split(tail[dot+1:], ".") {
		if !token.IsIdentifier(ident) {
			return fmt.Errorf("%q: %q is not an identifier; %s", name, ident, form)
		}
	}
	return nil
}
