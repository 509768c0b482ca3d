package doccheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// TestLayout checks that every file and identifier DEVELOPMENT.md's
// Layout section names exists. The section is a list; each item opens
// with the directory it describes, in backquotes (`analyzer/`), and in it:
//
//   - `name.go` (or `name.golden`...) is a file of that directory, and a
//     path with a slash (`internal/callee`, `.ci/run`) one from the
//     repository's root, when its first element is;
//   - `Name` or `Type.Method` is declared in the Go files of that
//     directory (tests included), or, in parentheses right after a Go file
//     (`mayemit.go` (`mayEmit`)), in that file.
//
// Anything else in backquotes (a command line, an import path outside
// the repository) is not checked.
func TestLayout(t *testing.T) {
	t.Parallel()
	root := testkit.Root(t)
	layout := section(t, read(t, "DEVELOPMENT.md"), "## Layout")
	files, idents := 0, 0
	for _, item := range items(layout) {
		dir, _, ok := strings.Cut(strings.TrimPrefix(item, "- `"), "`")
		if !ok || !strings.HasSuffix(dir, "/") && !exists(root, dir) {
			t.Errorf("DEVELOPMENT.md: a layout item does not open with a directory in backquotes:\n%s", item)
			continue
		}
		dir = strings.TrimSuffix(dir, "/")
		if !isDir(root, dir) {
			t.Errorf("DEVELOPMENT.md names the directory %s/, which does not exist", dir)
			continue
		}
		decls := declarations(t, filepath.Join(root, filepath.FromSlash(dir)))
		for _, ref := range references(root, item) {
			switch {
			case ref.file != "":
				files++
				file := path.Join(dir, ref.file)
				if strings.Contains(ref.file, "/") {
					file = ref.file
				}
				if !exists(root, file) {
					t.Errorf("DEVELOPMENT.md names %s (under %s/), which does not exist", ref.file, dir)
					continue
				}
				for _, id := range ref.idents {
					idents++
					if !declarations(t, filepath.Join(root, filepath.FromSlash(file)))[id] {
						t.Errorf("DEVELOPMENT.md says %s declares %s; it does not", file, id)
					}
				}
			default:
				for _, id := range ref.idents {
					where, name := dir, id
					if pkg, member, ok := strings.Cut(id, "."); ok && !decls[pkg] {
						// pkg.Name: a package of this repository, or of
						// another module (errors.Is), which is not checked.
						if where, ok = packageDir(root, pkg); !ok {
							continue
						}
						name = member
					}
					idents++
					if !declarations(t, filepath.Join(root, filepath.FromSlash(where)))[name] {
						t.Errorf("DEVELOPMENT.md names %s under %s/, and %s/ declares no %s", id, dir, where, name)
					}
				}
			}
		}
	}
	if files < 40 || idents < 20 {
		t.Errorf("the layout names %d files and %d identifiers; the extraction is broken", files, idents)
	}
}

// items splits a Markdown list into its top-level items.
func items(list string) []string {
	var out []string
	for line := range strings.Lines(list) {
		switch {
		case strings.HasPrefix(line, "- "):
			out = append(out, line)
		case len(out) > 0 && (strings.HasPrefix(line, " ") || line == "\n"):
			out[len(out)-1] += line
		}
	}
	return out
}

// A reference is what a layout item names: a file with the identifiers in
// the parentheses after it, or identifiers alone.
type reference struct {
	file   string
	idents []string
}

var (
	code       = regexp.MustCompile("`([^`]+)`( \\((`[^`]+`(?:, `[^`]+`)*)\\))?")
	fileName   = regexp.MustCompile(`^[\w./-]+\.(go|golden|md|yml|sh|mod)$|^\.ci/run$`)
	pathName   = regexp.MustCompile(`^[\w.-]+(/[\w.-]+)+/?$`)
	identifier = regexp.MustCompile(`^[A-Za-z_]\w*(\.[A-Za-z_]\w*)?$`)
)

// references returns the files, paths and identifiers of a layout item,
// after the directory it opens with.
func references(root, item string) []reference {
	var refs []reference
	for i, m := range code.FindAllStringSubmatch(item, -1) {
		if i == 0 {
			continue // the item's directory
		}
		name := m[1]
		var idents []string
		for _, id := range code.FindAllStringSubmatch(m[3], -1) {
			if identifier.MatchString(id[1]) {
				idents = append(idents, id[1])
			}
		}
		switch {
		case fileName.MatchString(name) || pathName.MatchString(name) && isRepoPath(root, name):
			refs = append(refs, reference{strings.TrimSuffix(name, "/"), idents})
		case identifier.MatchString(name):
			refs = append(refs, reference{"", append([]string{name}, idents...)})
		}
	}
	return refs
}

// isRepoPath reports whether a slash-separated name starts with an entry
// of the repository's root (internal/callee, .ci/run), rather than being
// an import path of another module (golang.org/x/mod) or the standard
// library (go/cfg).
func isRepoPath(root, name string) bool {
	first, _, _ := strings.Cut(name, "/")
	return exists(root, first)
}

// packageDir returns the directory of the repository's package named
// name, at the root or under internal/.
func packageDir(root, name string) (string, bool) {
	for _, dir := range []string{name, "internal/" + name} {
		if files, _ := filepath.Glob(filepath.Join(root, filepath.FromSlash(dir), "*.go")); len(files) > 0 {
			return dir, true
		}
	}
	return "", false
}

func exists(root, name string) bool {
	_, err := os.Stat(filepath.Join(root, filepath.FromSlash(name)))
	return err == nil
}

func isDir(root, name string) bool {
	info, err := os.Stat(filepath.Join(root, filepath.FromSlash(name)))
	return err == nil && info.IsDir()
}

// declarations returns the names that the Go files at p declare at
// package level (p a directory, tests included, or one file): functions,
// types, variables, constants, and methods, both as Method and as
// Type.Method.
func declarations(t *testing.T, p string) map[string]bool {
	t.Helper()
	names := make(map[string]bool)
	var files []string
	if info, err := os.Stat(p); err == nil && info.IsDir() {
		files, _ = filepath.Glob(filepath.Join(p, "*.go"))
	} else if strings.HasSuffix(p, ".go") {
		files = []string{p}
	}
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				names[d.Name.Name] = true
				if d.Recv != nil && len(d.Recv.List) == 1 {
					names[receiverName(d.Recv.List[0].Type)+"."+d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						names[s.Name.Name] = true
					case *ast.ValueSpec:
						for _, n := range s.Names {
							names[n.Name] = true
						}
					}
				}
			}
		}
	}
	return names
}

// receiverName returns the name of a receiver's type: T for T, *T, T[P].
func receiverName(x ast.Expr) string {
	switch x := x.(type) {
	case *ast.StarExpr:
		return receiverName(x.X)
	case *ast.IndexExpr:
		return receiverName(x.X)
	case *ast.IndexListExpr:
		return receiverName(x.X)
	case *ast.Ident:
		return x.Name
	}
	return ""
}
