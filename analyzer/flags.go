package analyzer

import (
	"flag"
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// flagConfig is the Config set by the -ctxnotify.NAME flags of [Analyzer].
// Each flag validates its value when it is set, so a bad value stops the
// command before any package is loaded.
var flagConfig Config

// flagAnalyzer builds [Analyzer]: its settings are the flags registered on
// it here, which set flagConfig.
func flagAnalyzer() *analysis.Analyzer {
	a := newAnalyzer(flagSettings)
	registerFlags(&a.Flags)
	return a
}

// registerFlags registers a -NAME flag per setting on fs.
func registerFlags(fs *flag.FlagSet) {
	values := map[string]flag.Value{
		"scope":     scopeFlag{&flagConfig.Scope},
		"roots":     &validatedList{&flagConfig.Roots},
		"sinks":     &validatedList{&flagConfig.Sinks},
		"guards":    &validatedList{&flagConfig.Guards},
		"strict":    boolFlag{&flagConfig.Strict, "strict"},
		"generated": boolFlag{&flagConfig.Generated, "generated"},
	}
	for _, s := range Settings {
		usage := s.Doc
		if s.List {
			usage = "comma-separated " + usage + ", as " + s.Form
		}
		fs.Var(values[s.Name], s.Name, usage)
	}
}

// boolFlag is a boolean setting's flag.
type boolFlag struct {
	p    *bool
	name string
}

func (f boolFlag) String() string {
	if f.p == nil {
		return "false"
	}
	return strconv.FormatBool(*f.p)
}

func (f boolFlag) Set(v string) error {
	b, err := strconv.ParseBool(v)
	if err != nil {
		return fmt.Errorf("%s: %q is not a boolean; use true or false", f.name, v)
	}
	*f.p = b
	return nil
}

func (boolFlag) IsBoolFlag() bool { return true }

// FlagConfig returns the Config that the -ctxnotify.NAME flags of
// [Analyzer] have set: what the command's driver reads of the settings.
func FlagConfig() Config {
	c := flagConfig
	c.Roots = append([]string(nil), c.Roots...)
	c.Sinks = append([]string(nil), c.Sinks...)
	c.Guards = append([]string(nil), c.Guards...)
	return c
}

// flagSettings validates the flag values for one run.
func flagSettings() (*settings, error) { return flagConfig.validate() }

// scopeFlag is the -scope flag: one of the accepted scope names. Its
// String is "all" for the default, so that -help shows the default; the
// zero scopeFlag, which the flag package compares it with, says "".
type scopeFlag struct{ p *string }

func (f scopeFlag) String() string {
	switch {
	case f.p == nil:
		return ""
	case *f.p == "":
		return scopeAll
	}
	return *f.p
}

func (f scopeFlag) Set(v string) error {
	c := Config{Scope: v}
	if _, err := c.validate(); err != nil {
		return err
	}
	*f.p = v
	return nil
}

// validatedList is a comma-separated list flag, validated by its Config field.
type validatedList struct{ p *[]string }

func (f *validatedList) String() string {
	if f == nil || f.p == nil {
		return ""
	}
	return strings.Join(*f.p, ",")
}

func (f *validatedList) Set(v string) error {
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
