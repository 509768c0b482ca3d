package driver

import (
	"fmt"
	"go/token"
	"io"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// LoadConfig says which packages [Load] loads and how.
type LoadConfig struct {
	Dir   string // the directory go list runs in; "" is the current one
	Tests bool   // also load the test variants of the packages
	Deps  bool   // type-check every dependency from source, for its facts
	Tags  string // build tags, as for go build -tags

	// Emitters, without Deps, say which dependencies may declare
	// emitters: those are analysed from source for their facts (see
	// [emittingDeps]). With none, every dependency comes from export data.
	Emitters *Emitters

	Logf func(format string, args ...any) // where to say what was loaded how, if not nil
}

// Load type-checks the packages named by patterns from source. Without
// Deps, their dependencies come from the compiler's export data (what go
// build already produced), as for an analyzer without facts, except for
// those that Emitters select: these are type-checked from
// source as well, and only these have a TypesInfo ([PruneToAnalysed]
// keeps them). With Deps, every dependency is parsed and type-checked.
func Load(cfg LoadConfig, patterns ...string) ([]*packages.Package, error) {
	mode := packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
		packages.NeedImports | packages.NeedTypesSizes | packages.NeedModule |
		packages.NeedForTest | packages.NeedDeps
	if cfg.Deps {
		mode |= packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo
	} else {
		// Metadata only: typeCheck decides what comes from source.
		mode |= packages.NeedExportFile
	}
	pcfg := &packages.Config{Mode: mode, Dir: cfg.Dir, Tests: cfg.Tests}
	if cfg.Tags != "" {
		pcfg.BuildFlags = []string{"-tags=" + cfg.Tags}
	}
	initial, err := packages.Load(pcfg, patterns...)
	if err == nil && len(initial) == 0 {
		err = fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
	}
	if err != nil || cfg.Deps {
		return initial, err
	}
	isRoot := make(map[*packages.Package]bool, len(initial))
	for _, p := range initial {
		isRoot[p] = true
	}
	fset := token.NewFileSet()
	order := postorder(initial)
	deps, parsed := emittingDeps(fset, order, initial, cfg.Emitters)
	fromSource, fromExport := typeCheck(fset, order, func(p *packages.Package) bool { return isRoot[p] || deps[p] }, parsed)
	if cfg.Logf != nil {
		if len(deps) > 0 {
			var ids []string
			for p := range deps {
				ids = append(ids, p.ID)
			}
			slices.Sort(ids)
			cfg.Logf("analysing dependencies for their facts: %s", strings.Join(ids, " "))
		}
		cfg.Logf("type-checked %d packages from source (%d dependencies, for their facts), %d from export data", fromSource, len(deps), fromExport)
	}
	return initial, nil
}

// PrintErrors prints the errors of the packages and of everything they
// import to w, like [packages.PrintErrors], and returns their number. It
// prints each once: when go/types reports a package's type errors, the
// compiler's report of the same errors (a list error from go list
// -export) is left out.
func PrintErrors(w io.Writer, pkgs []*packages.Package) int {
	n := 0
	packages.Visit(pkgs, nil, func(pkg *packages.Package) {
		typeErrors := false
		for _, err := range pkg.Errors {
			typeErrors = typeErrors || err.Kind == packages.TypeError
		}
		for _, err := range pkg.Errors {
			if typeErrors && err.Kind == packages.ListError && strings.HasPrefix(err.Msg, "# ") {
				continue
			}
			fmt.Fprintln(w, err)
			n++
		}
	})
	return n
}
