package analyzer

import (
	_ "embed"
	"fmt"
	"go/parser"
	"go/token"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
)

//go:embed doc.go
var doc string

// Analyzer reports event emissions that no context-cancellation check guards.
// Its settings are the -ctxnotify.NAME flags.
var Analyzer = flagAnalyzer()

// New returns an analyzer with the given settings, or an error that starts
// with "ctxnotify:" and names the bad setting.
func New(c Config) (*analysis.Analyzer, error) {
	s, err := c.validate()
	if err != nil {
		return nil, fmt.Errorf("ctxnotify: %v", err)
	}
	return newAnalyzer(func() (*settings, error) { return s, nil }), nil
}

func newAnalyzer(get func() (*settings, error)) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "ctxnotify",
		Doc:        analyzerDoc(doc),
		URL:        "https://pkg.go.dev/github.com/ctxnotify/ctxnotify-lint/analyzer",
		Requires:   []*analysis.Analyzer{inspect.Analyzer},
		ResultType: reflect.TypeOf((*Review)(nil)),
		FactTypes:  []analysis.Fact{new(emitterFact), new(guardFact), new(forwarderFact), new(noReturnFact), new(sinkReachFact), new(checkedFact), new(runsFact), new(errorTestFact)},
		Run: func(pass *analysis.Pass) (any, error) {
			s, err := get()
			if err != nil {
				return nil, err
			}
			return run(pass, s)
		},
	}
}

// analyzerDoc returns the rule: the package doc from its "# Analyzer
// ctxnotify" heading to the next "# Analyzer" heading or the end, its
// sub-headings included, without the heading and the "ctxnotify:" before
// the summary. That is the form Analyzer.Doc expects (the summary first),
// and the text "help ctxnotify" prints and pkg.go.dev shows. Without such
// a section it returns "", which TestDoc rejects.
func analyzerDoc(src string) string {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", src, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil || f.Doc == nil {
		return ""
	}
	_, section, ok := strings.Cut("\n"+f.Doc.Text(), "\n# Analyzer ctxnotify\n")
	if !ok {
		return ""
	}
	section, _, _ = strings.Cut(section, "\n# Analyzer ")
	summary, ok := strings.CutPrefix(strings.TrimSpace(section), "ctxnotify:")
	if !ok {
		return ""
	}
	return strings.TrimSpace(summary)
}
