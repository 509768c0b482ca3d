package analyzer

import (
	"strings"
)

// flagConfig is the Config set by the -ctxnotify.NAME flags of [Analyzer].
// Each flag validates its value when it is set, so a bad value stops the
// command before any package is loaded.
var flagConfig Config

func init() {
	fs := &Analyzer.Flags
	fs.Var(scopeFlag{}, "scope", `which functions are checked: "all" (every function with a usable context) or "reconcile" (code reached from Reconcile methods and -roots)`)
	fs.Var(&checkedList{&flagConfig.Roots}, "roots", "comma-separated regular expressions over pkgpath.Recv.Method or pkgpath.Func naming extra reconcile roots")
	fs.Var(&checkedList{&flagConfig.Sinks}, "sinks", "comma-separated extra event sinks, as pkgpath.Type.Method or pkgpath.Func")
	fs.Var(&checkedList{&flagConfig.Guards}, "guards", `comma-separated extra guard functions returning true when the context is cancelled, as pkgpath.Func or pkgpath.Type.Method ("!" in front: true when not cancelled)`)
	fs.BoolVar(&flagConfig.Strict, "strict", false, "also report cancellation checks that suppress context.DeadlineExceeded, such as ctx.Err() != nil")
	fs.BoolVar(&flagConfig.Generated, "generated", false, "also report findings in generated files")
}

// flagSettings validates the flag values for one run.
func flagSettings() (*settings, error) { return flagConfig.validate() }

// scopeFlag is the -scope flag: one of the accepted scope names.
type scopeFlag struct{}

func (scopeFlag) String() string { return flagConfig.Scope }

func (scopeFlag) Set(v string) error {
	c := Config{Scope: v}
	if _, err := c.validate(); err != nil {
		return err
	}
	flagConfig.Scope = v
	return nil
}

// checkedList is a comma-separated list flag, validated by its Config field.
type checkedList struct{ p *[]string }

func (f *checkedList) String() string {
	if f == nil || f.p == nil {
		return ""
	}
	return strings.Join(*f.p, ",")
}

func (f *checkedList) Set(v string) error {
	var items []string
	for _, item := range strings.Split(v, ",") {
		if item = strings.TrimSpace(item); item != "" {
			items = append(items, item)
		}
	}
	old := *f.p
	*f.p = items
	if _, err := flagConfig.validate(); err != nil {
		*f.p = old
		return err
	}
	return nil
}
