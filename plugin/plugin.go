// Package plugin registers the ctxnotify analyzer as a golangci-lint module
// plugin named "ctxnotify".
//
// A golangci-lint binary that blank-imports this package runs the analyzer
// when .golangci.yml enables it:
//
//	linters:
//	  enable:
//	    - ctxnotify
//	  settings:
//	    custom:
//	      ctxnotify:
//	        type: module
//	        settings:
//	          scope: reconcile
//
// The settings are the json keys of [analyzer.Config], which they are
// decoded into; they are validated when golangci-lint starts, so a bad
// value stops it before any package is loaded. The findings are the
// command's, their related information folded into the message (see
// forGolangci), with one fix each: the fix at a helper's depth where all
// its edits lie in the finding's file, else the call-site fix, since
// golangci-lint applies every fix of a finding and drops the edits in
// other files. docs/golangci-lint.md says how to build golangci-lint with
// this plugin.
package plugin

import (
	"go/token"
	"os"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
	"github.com/ctxnotify/ctxnotify-lint/internal/diagtext"
)

// Name is the name of the plugin, of its linter in golangci-lint, and of the
// analyzer, so nolint directives, messages and SARIF rule ids all read it.
const Name = "ctxnotify"

// init registers the plugin: golangci-lint's custom build ("golangci-lint
// custom", and tools/golangci-lint) only blank-imports this package, and
// the module-plugin API of plugin-module-register offers no other hook.
// init does nothing else: the settings are decoded and validated in New.
func init() { register.Plugin(Name, New) }

// New decodes and validates the settings golangci-lint passes and returns the
// plugin, or an error starting with "ctxnotify:" that names the setting.
func New(raw any) (register.LinterPlugin, error) {
	c, err := decodeSettings(raw)
	if err != nil {
		return nil, err
	}
	a, err := analyzer.New(c)
	if err != nil {
		return nil, err
	}
	if err := checkModuleNames(c); err != nil {
		return nil, err
	}
	// Related files are named relative to the directory golangci-lint runs
	// in, as the command names them; "" (no directory) keeps them absolute.
	dir, _ := os.Getwd()
	return ctxnotifyPlugin{forGolangci(a, dir)}, nil
}

// forGolangci returns a copy of a whose diagnostics carry what
// golangci-lint can use. The related information goes into the message,
// one line per item as the command prints it under the finding ("file:line:col:
// \tmessage", files relative to dir): golangci-lint would make each
// related item an issue of its own, which //nolint:ctxnotify on the
// finding's line does not suppress, moved to the finding's line when it
// lies in another file, where its one-issue-per-line rule drops it. Folded,
// golangci-lint prints the command's lines and counts, suppresses and
// uploads each finding as one. And one fix, whose edits all lie in the
// finding's file (oneFix).
func forGolangci(a *analysis.Analyzer, dir string) *analysis.Analyzer {
	w := *a
	w.Run = func(pass *analysis.Pass) (any, error) {
		report := pass.Report
		pass.Report = func(d analysis.Diagnostic) {
			d.Message += diagtext.Related(pass.Fset, dir, d)
			d.Related = nil
			d.SuggestedFixes = oneFix(pass.Fset, d)
			report(d)
		}
		return a.Run(pass)
	}
	return &w
}

// oneFix returns the first of d's fixes whose edits all lie in d's file,
// alone. golangci-lint applies the edits of every fix of a finding, so the
// alternatives of one finding would conflict and none would be applied;
// and it drops the edits outside the finding's file, which would leave a
// fix at a helper's depth half done (the helper changed, not its calls in
// other files, or the reverse). Such a finding keeps its call-site fix (the guard clause or the wrap).
func oneFix(fset *token.FileSet, d analysis.Diagnostic) []analysis.SuggestedFix {
	file := fset.File(d.Pos)
	for _, fix := range d.SuggestedFixes {
		inFile := true
		for _, e := range fix.TextEdits {
			inFile = inFile && fset.File(e.Pos) == file
		}
		if inFile {
			return []analysis.SuggestedFix{fix}
		}
	}
	return nil
}

// ctxnotifyPlugin hands golangci-lint the configured analyzer.
type ctxnotifyPlugin struct{ analyzer *analysis.Analyzer }

func (p ctxnotifyPlugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return []*analysis.Analyzer{p.analyzer}, nil
}

// GetLoadMode asks for type information: the analyzer resolves callees and
// exports facts across packages.
func (ctxnotifyPlugin) GetLoadMode() string { return register.LoadModeTypesInfo }
