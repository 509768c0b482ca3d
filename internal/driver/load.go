package driver

import (
	"bytes"
	"errors"
	"fmt"
	"go/token"
	"io"
	"os/exec"
	"slices"
	"strconv"
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
// Patterns that leave nothing to analyse make a [*GoError].
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
	if err != nil || len(initial) == 0 {
		return nil, goListFailure(pcfg, patterns, err)
	}
	if err := noPackageErrors(initial); err != nil {
		return nil, err
	}
	if cfg.Deps {
		return initial, nil
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

// A GoError is the go command's account of patterns that leave nothing to
// analyse: a directory that does not exist or holds no Go file, an import
// path that no module provides, a module graph that go cannot load (a
// dependency that needs a newer Go). go vet prints it alone and exits 1;
// so does the command.
type GoError struct{ Msg string }

func (e *GoError) Error() string { return e.Msg }

// noPackageErrors returns the errors of the roots that are no package at
// all, without a file that go list lists, as go vet prints them; go vet
// stops at them before it vets anything. A package with files and errors is
// analysed all the same (see errors.go).
func noPackageErrors(roots []*packages.Package) error {
	var msgs []string
	for _, p := range roots {
		if len(p.GoFiles)+len(p.CompiledGoFiles)+len(p.OtherFiles)+len(p.IgnoredFiles) > 0 {
			continue
		}
		for _, err := range p.Errors {
			if err.Pos == "" {
				msgs = append(msgs, err.Msg) // packages.Error would print "-: "
			} else {
				msgs = append(msgs, err.Error())
			}
		}
	}
	if len(msgs) == 0 {
		return nil
	}
	return &GoError{strings.Join(msgs, "\n")}
}

// goListFailure explains a load that returned no package, or failed.
// packages.Load keeps what go list printed on stderr to itself (and with
// export data, a go list that failed returns no error at all), so go list
// runs again, with the same patterns, for its message: its error when it
// failed, or its warning that the patterns matched no packages, which go
// vet follows with "no packages to vet".
func goListFailure(pcfg *packages.Config, patterns []string, loadErr error) error {
	args := []string{"list", "-e", "-deps", "-f={{.ImportPath}}", "-test=" + strconv.FormatBool(pcfg.Tests)}
	args = append(append(append(args, pcfg.BuildFlags...), "--"), patterns...)
	cmd := exec.Command("go", args...)
	cmd.Dir = pcfg.Dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	msg := strings.TrimRight(stderr.String(), "\n")
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit) && msg != "":
		return &GoError{msg}
	case err == nil && stdout.Len() == 0:
		return &GoError{strings.TrimPrefix(msg+"\nno packages to vet", "\n")}
	case loadErr != nil:
		return loadErr
	}
	return fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
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
