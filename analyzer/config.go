package analyzer

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/ctxnotify/ctxnotify-lint/internal/qualname"
)

// Config holds the analyzer's settings. The command line (-ctxnotify.NAME flags)
// and the golangci-lint plugin both fill one and pass it to [New].
type Config struct {
	// Scope is "all" (default: every function with a usable context is
	// analysed) or "reconcile" (only code reached from Reconcile methods and Roots).
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
	scopeAll = "all"
	// ScopeReconcile is the Scope of reconcile code alone.
	ScopeReconcile = "reconcile"
)

// A Setting is one field of Config: its name (the -ctxnotify.NAME flag and
// the plugin's key), the form of its value, whether it is a list, and what
// it does.
type Setting struct {
	Name, Form, Doc string
	List            bool
}

// Settings lists Config's fields in the order of its declaration. The
// flags' usage, New's errors and the plugin's errors all quote it, so each
// form is spelled out here only.
var Settings = []Setting{
	{"scope", `"` + scopeAll + `" or "` + ScopeReconcile + `"`, `which functions are analysed: "all" (every function with a usable context) or "reconcile" (code reached from Reconcile methods and roots)`, false},
	{"roots", "regular expressions over pkgpath.Recv.Method or pkgpath.Func", "extra reconcile roots", true},
	{"sinks", qualname.Form, "extra event sinks", true},
	{"guards", qualname.Form + `, "!" in front when true means not cancelled`, "extra guard functions, returning true when the context is cancelled", true},
	{"strict", "true or false", "also report cancellation checks that suppress context.DeadlineExceeded, such as ctx.Err() != nil", false},
	{"generated", "true or false", "also report findings in generated files", false},
}

// formOf returns the form of the setting name.
func formOf(name string) string {
	for _, s := range Settings {
		if s.Name == name {
			return s.Form
		}
	}
	panic("no setting " + name)
}

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
	case ScopeReconcile:
		s.reconcileOnly = true
	default:
		return nil, fmt.Errorf("scope: %q is not a scope; use %s", c.Scope, formOf("scope"))
	}
	for _, r := range c.Roots {
		re, err := regexp.Compile(r)
		if err != nil {
			return nil, fmt.Errorf("roots: %q is not a regular expression (%v); want %s", r, err, formOf("roots"))
		}
		s.roots = append(s.roots, re)
	}
	for _, name := range c.Sinks {
		if err := qualname.Parse(name); err != nil {
			return nil, fmt.Errorf("sinks: %v", err)
		}
		s.sinks[name] = true
	}
	for _, name := range c.Guards {
		inverse := strings.HasPrefix(name, "!")
		name = strings.TrimPrefix(name, "!")
		if err := qualname.Parse(name); err != nil {
			return nil, fmt.Errorf("guards: %v", err)
		}
		s.guards[name] = inverse
	}
	return s, nil
}
