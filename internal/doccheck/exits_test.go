package doccheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// exits are the calls that end the process, which golangci-lint's
// checklist for a new linter forbids in a linter.
var exits = map[string][]string{"os": {"Exit"}, "log": {"Fatal", "Fatalf", "Fatalln"}}

// TestExits checks the row of docs/golangci-lint.md's checklist about
// os.Exit and log.Fatal: the directories it names are exactly those of
// the repository's packages that call them (tests and test data aside);
// none of them is imported, directly or not, by the analyzer or the
// plugin; and only package main imports one that is no package main
// (the command's driver).
func TestExits(t *testing.T) {
	t.Parallel()
	root := testkit.Root(t)
	var row string
	for line := range strings.Lines(read(t, "docs/golangci-lint.md")) {
		if strings.HasPrefix(line, "| no `log.Fatal()`, `os.Exit()`") {
			row = line
		}
	}
	named := make(map[string]bool)
	for _, m := range regexp.MustCompile("`([a-z][\\w./-]*)`").FindAllStringSubmatch(row, -1) {
		if isDir(root, m[1]) {
			named[m[1]] = true
		}
	}
	pkgs := repoPackages(t, root)
	calling := make(map[string]bool)
	for dir, p := range pkgs {
		if p.exits {
			calling[dir] = true
		}
	}
	if got, want := slices.Sorted(maps.Keys(named)), slices.Sorted(maps.Keys(calling)); !slices.Equal(got, want) || len(want) == 0 {
		t.Errorf("docs/golangci-lint.md's checklist names %v as calling os.Exit or log.Fatal; the packages that do are %v", got, want)
	}
	for _, start := range []string{"analyzer", "plugin"} {
		seen := map[string]bool{}
		var walk func(dir string)
		walk = func(dir string) {
			if seen[dir] {
				return
			}
			seen[dir] = true
			if calling[dir] {
				t.Errorf("%s imports %s, which calls os.Exit or log.Fatal", start, dir)
			}
			for _, imp := range pkgs[dir].imports {
				walk(imp)
			}
		}
		walk(start)
	}
	for dir, p := range pkgs {
		for _, imp := range p.imports {
			if calling[imp] && !pkgs[imp].main && !p.main {
				t.Errorf("%s, no package main, imports %s, which calls os.Exit or log.Fatal", dir, imp)
			}
		}
	}
}

// repoPackage is what TestExits reads of a package of the repository.
type repoPackage struct {
	main    bool
	exits   bool     // it calls one of exits
	imports []string // the repository's packages it imports, as directories
}

// repoPackages parses the non-test Go files of the repository's modules
// (the example module and test data aside) and returns its packages by
// directory, relative to the root.
func repoPackages(t *testing.T, root string) map[string]*repoPackage {
	t.Helper()
	const module = "github.com/ctxnotify/ctxnotify-lint"
	pkgs := make(map[string]*repoPackage)
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(strings.TrimPrefix(p, root), string(filepath.Separator)))
		if d.IsDir() {
			if name := d.Name(); name == "testdata" || name == ".git" || rel == "example" || rel == "bin" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		dir := path.Dir(rel)
		pkg := pkgs[dir]
		if pkg == nil {
			pkg = new(repoPackage)
			pkgs[dir] = pkg
		}
		pkg.main = f.Name.Name == "main"
		names := make(map[string]string) // local name -> import path, for os and log
		for _, imp := range f.Imports {
			ip, _ := strconv.Unquote(imp.Path.Value)
			if rest, ok := strings.CutPrefix(ip, module+"/"); ok && !strings.HasPrefix(ip, module+"/tools/") && !strings.HasPrefix(ip, module+"/e2e") {
				pkg.imports = append(pkg.imports, rest)
			}
			if _, ok := exits[ip]; ok {
				name := ip
				if imp.Name != nil {
					name = imp.Name.Name
				}
				names[name] = ip
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if id, ok := sel.X.(*ast.Ident); ok && slices.Contains(exits[names[id.Name]], sel.Sel.Name) {
					pkg.exits = true
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) < 20 {
		t.Fatalf("found %d packages; the walk is broken", len(pkgs))
	}
	return pkgs
}
