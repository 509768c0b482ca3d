package driver

import (
	"fmt"
	"io"
	"strings"

	"golang.org/x/tools/go/packages"
)

// LoadConfig says which packages [Load] loads and how.
type LoadConfig struct {
	Dir   string // the directory go list runs in; "" is the current one
	Tests bool   // also load the test variants of the packages
	Deps  bool   // type-check the dependencies from source too
	Tags  string // build tags, as for go build -tags
}

// Load type-checks the packages named by patterns from source. Without
// Deps, their dependencies come from the compiler's export data (what go
// build already produced), as for an analyzer without facts; with Deps,
// every dependency is parsed and type-checked too.
func Load(cfg LoadConfig, patterns ...string) ([]*packages.Package, error) {
	mode := packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
		packages.NeedImports | packages.NeedTypes | packages.NeedTypesSizes |
		packages.NeedSyntax | packages.NeedTypesInfo | packages.NeedModule |
		packages.NeedForTest
	if cfg.Deps {
		mode |= packages.NeedDeps
	}
	pcfg := &packages.Config{Mode: mode, Dir: cfg.Dir, Tests: cfg.Tests}
	if cfg.Tags != "" {
		pcfg.BuildFlags = []string{"-tags=" + cfg.Tags}
	}
	initial, err := packages.Load(pcfg, patterns...)
	if err == nil && len(initial) == 0 {
		err = fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
	}
	return initial, err
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
