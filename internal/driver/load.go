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
// Either way go list gives the metadata alone, and typeCheck the types.
// Patterns that leave nothing to analyse make a [*GoError].
func Load(cfg LoadConfig, patterns ...string) ([]*packages.Package, error) {
	mode := packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
		packages.NeedImports | packages.NeedTypesSizes | packages.NeedModule |
		packages.NeedForTest | packages.NeedDeps
	if !cfg.Deps {
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
	order := postorder(initial)
	dropBorrowedFiles(order)
	if err := noPackageErrors(initial); err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	if cfg.Deps {
		fromSource, _ := typeCheck(fset, order, func(*packages.Package) bool { return true }, nil)
		if cfg.Logf != nil {
			cfg.Logf("type-checked %d packages from source", fromSource)
		}
		return initial, nil
	}
	isRoot := make(map[*packages.Package]bool, len(initial))
	for _, p := range initial {
		isRoot[p] = true
	}
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

// dropBorrowedFiles empties the file lists of the packages that go list
// found in no directory: imports that cannot be loaded (a module version
// the proxy refuses, a replacement directory that is not there). Such a
// package has no source, yet go/packages may give it a file: for an error
// whose import stack ends with the package itself, its workaround for
// golang/go#39986 reads a file name out of the error's position. go list
// sets that position at the import declaration of the package's first
// importer and, when it meets the package again along a shorter chain of
// imports (./... reaches kustomize-controller's decryptor through main and
// a controller, then through decryptor's own test file), replaces the
// stack with that chain, which ends with the missing package. The
// importer's file then became the missing package's: type-checked there,
// without the importer's imports, it made each of them "missing", the
// standard library's included, and under -deps it was analysed too, its
// failures taking the importer's findings with them. Emptied, the package
// is what it is when its importer is named alone: its names unknown.
func dropBorrowedFiles(order []*packages.Package) {
	for _, p := range order {
		if p.Dir == "" {
			p.GoFiles, p.CompiledGoFiles = nil, nil
		}
	}
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
