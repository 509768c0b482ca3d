package analyzer

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/ctxnotify/ctxnotify-lint/internal/qualname"
)

// Config holds the analyzer's settings. The command line (-ctxnotify.NAME
// flags) and the golangci-lint plugin both fill one and pass it to [New].
// The json keys are the plugin's settings in .golangci.yml
// (linters.settings.custom.ctxnotify.settings), which the plugin decodes
// into a Config, and the names of the flags. The package doc's
// Configuration section says what each setting means;
// docs/golangci-lint.md how to write them in .golangci.yml.
type Config struct {
	Scope     string   `json:"scope"`  // "all" (the default) or "reconcile"
	Roots     []string `json:"roots"`  // regular expressions
	Sinks     []string `json:"sinks"`  // pkgpath.Func or pkgpath.Type.Method
	Guards    []string `json:"guards"` // the same, "!" in front of an inverted guard
	Strict    bool     `json:"strict"`
	Generated bool     `json:"generated"`
}

const (
	scopeAll = "all"
	// ScopeReconcile is the Scope of reconcile code alone.
	ScopeReconcile = "reconcile"

	// The forms of the settings that validate's errors quote.
	scopeForm = `"` + scopeAll + `" or "` + ScopeReconcile + `"`
	rootsForm = "regular expressions over pkgpath.Recv.Method or pkgpath.Func"
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
	{"scope", scopeForm, `which functions are analysed: "all" (every function with a usable context) or "reconcile" (code reached from Reconcile methods and roots)`, false},
	{"roots", rootsForm, "extra reconcile roots", true},
	{"sinks", qualname.Form, "extra event sinks", true},
	{"guards", qualname.Form + `, "!" in front when true means not cancelled`, "extra guard functions, returning true when the context is cancelled", true},
	{"strict", "true or false", "also report cancellation checks that suppress context.DeadlineExceeded, such as ctx.Err() != nil", false},
	{"generated", "true or false", "also report findings in generated files", false},
}

// settings is a validated Config, ready for the passes.
type settings struct {
	reconcileOnly bool
	roots         []*regexp.Regexp
	sinks         map[string]bool // "pkgpath.Type.Method" or "pkgpath.Func"
	guards        map[string]bool // name -> result true means "not cancelled"
	names         []ConfiguredName
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
		names:     c.ConfiguredNames(),
	}
	switch c.Scope {
	case "", scopeAll:
	case ScopeReconcile:
		s.reconcileOnly = true
	default:
		return nil, fmt.Errorf("scope: %q is not a scope; use %s", c.Scope, scopeForm)
	}
	for _, r := range c.Roots {
		re, err := regexp.Compile(r)
		if err != nil {
			return nil, fmt.Errorf("roots: %q is not a regular expression (%v); want %s", r, err, rootsForm)
		}
		s.roots = append(s.roots, re)
	}
	for _, n := range s.names {
		if err := qualname.Parse(n.Name); err != nil {
			return nil, fmt.Errorf("%s: %v", n.Setting, err)
		}
		if n.Setting == "sinks" {
			s.sinks[n.Name] = true
		} else {
			s.guards[n.Name] = n.Inverse
		}
	}
	return s, nil
}

// A ConfiguredName is an entry of the sinks or guards setting: a name that
// must name a function or method.
type ConfiguredName struct {
	Setting string // "sinks" or "guards"
	Name    string // "pkgpath.Func" or "pkgpath.Type.Method", without a guard's "!"
	Inverse bool   // a guard written with a leading "!": true means not cancelled
}

// ConfiguredNames returns the entries of the sinks and guards settings,
// sinks first, each list sorted: the one reading of those lists that
// validation, the pass and the drivers share.
func (c Config) ConfiguredNames() []ConfiguredName {
	var names []ConfiguredName
	for _, name := range slices.Sorted(slices.Values(c.Sinks)) {
		names = append(names, ConfiguredName{Setting: "sinks", Name: name})
	}
	for _, entry := range slices.Sorted(slices.Values(c.Guards)) {
		name, inverse := strings.CutPrefix(entry, "!")
		names = append(names, ConfiguredName{Setting: "guards", Name: name, Inverse: inverse})
	}
	return names
}
