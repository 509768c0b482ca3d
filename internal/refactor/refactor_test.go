package refactor

import (
	"cmp"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// apply applies edits to src as the drivers do: as exact text, with no
// formatting pass.
func apply(t *testing.T, tf *token.File, src []byte, edits []analysis.TextEdit) string {
	t.Helper()
	slices.SortStableFunc(edits, func(a, b analysis.TextEdit) int { return cmp.Or(cmp.Compare(a.Pos, b.Pos), cmp.Compare(a.End, b.End)) })
	var b strings.Builder
	last := 0
	for _, e := range edits {
		start, end := tf.Offset(e.Pos), tf.Offset(e.End)
		if start < last {
			t.Fatalf("overlapping edits: %v", edits)
		}
		b.Write(src[last:start])
		b.Write(e.NewText)
		last = end
	}
	b.Write(src[last:])
	return b.String()
}

func parse(t *testing.T, src string) (*token.FileSet, *ast.File, *token.File) {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "a.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	return fset, file, fset.File(file.Pos())
}

func TestAddImports(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		imports   []Import
		want      string
	}{{
		name:    "into the standard library run, sorted",
		src:     "package p\n\nimport (\n\t\"fmt\"\n\t\"strings\"\n\n\tcorev1 \"k8s.io/api/core/v1\"\n)\n",
		imports: []Import{{Path: "errors"}, {Path: "context"}},
		want:    "package p\n\nimport (\n\t\"context\"\n\t\"errors\"\n\t\"fmt\"\n\t\"strings\"\n\n\tcorev1 \"k8s.io/api/core/v1\"\n)\n",
	}, {
		name:    "after the last spec of the run",
		src:     "package p\n\nimport (\n\t\"bytes\"\n\n\t\"k8s.io/client-go/tools/record\"\n)\n",
		imports: []Import{{Path: "errors"}},
		want:    "package p\n\nimport (\n\t\"bytes\"\n\t\"errors\"\n\n\t\"k8s.io/client-go/tools/record\"\n)\n",
	}, {
		name:    "a doc comment stays with its spec",
		src:     "package p\n\nimport (\n\t// fmt prints.\n\t\"fmt\"\n)\n",
		imports: []Import{{Path: "errors"}},
		want:    "package p\n\nimport (\n\t\"errors\"\n\t// fmt prints.\n\t\"fmt\"\n)\n",
	}, {
		name:    "no standard library run: the first run",
		src:     "package p\n\nimport (\n\t\"k8s.io/api/core/v1\"\n)\n",
		imports: []Import{{Path: "errors"}},
		want:    "package p\n\nimport (\n\t\"errors\"\n\t\"k8s.io/api/core/v1\"\n)\n",
	}, {
		name:    "renamed",
		src:     "package p\n\nimport (\n\t\"fmt\"\n)\n",
		imports: []Import{{Name: "stderrors", Path: "errors"}},
		want:    "package p\n\nimport (\n\tstderrors \"errors\"\n\t\"fmt\"\n)\n",
	}, {
		name:    "only single-line declarations: one of its own after them",
		src:     "package p\n\nimport \"fmt\"\n\nvar _ = fmt.Sprint\n",
		imports: []Import{{Path: "errors"}, {Path: "context"}},
		want:    "package p\n\nimport \"fmt\"\nimport \"context\"\nimport \"errors\"\n\nvar _ = fmt.Sprint\n",
	}, {
		name:    "no imports: after the package clause",
		src:     "package p\n\nfunc f() {}\n",
		imports: []Import{{Path: "errors"}},
		want:    "package p\n\nimport \"errors\"\n\nfunc f() {}\n",
	}, {
		name:    "another module's: into the run of other modules, sorted",
		src:     "package p\n\nimport (\n\t\"errors\"\n\n\tcorev1 \"k8s.io/api/core/v1\"\n\t\"k8s.io/client-go/tools/record\"\n)\n",
		imports: []Import{{Path: "k8s.io/apimachinery/pkg/runtime"}},
		want:    "package p\n\nimport (\n\t\"errors\"\n\n\tcorev1 \"k8s.io/api/core/v1\"\n\t\"k8s.io/apimachinery/pkg/runtime\"\n\t\"k8s.io/client-go/tools/record\"\n)\n",
	}, {
		name:    "another module's, where only the standard library is imported: a group of its own",
		src:     "package p\n\nimport (\n\t\"context\"\n\t\"errors\"\n)\n",
		imports: []Import{{Path: "k8s.io/apimachinery/pkg/runtime"}},
		want:    "package p\n\nimport (\n\t\"context\"\n\t\"errors\"\n\n\t\"k8s.io/apimachinery/pkg/runtime\"\n)\n",
	}, {
		name: "nothing to add",
		src:  "package p\n",
		want: "package p\n",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			fset, file, tf := parse(t, tc.src)
			if got := apply(t, tf, []byte(tc.src), AddImports(fset, file, tc.imports)); got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

// TestWrap: the wrapped statement where it stands, and its text left
// alone, so that another fix's edit inside it (here a rename of ctx)
// merges with the wrap's.
func TestWrap(t *testing.T) {
	const header = "if ok {"
	for _, tc := range []struct {
		name, src string
		want      string // "" when nothing is wrapped
	}{{
		name: "a statement where it stands",
		src:  "package p\n\nfunc f() {\n\tg()\n\tr.Event()\n\tg()\n}\n",
		want: "package p\n\nfunc f() {\n\tg()\n\tif ok {\n\t\tr.Event()\n\t}\n\tg()\n}\n",
	}, {
		name: "the trailing comment goes inside",
		src:  "package p\n\nfunc f() {\n\t\tr.Event() // why\n}\n",
		want: "package p\n\nfunc f() {\n\t\tif ok {\n\t\t\tr.Event() // why\n\t\t}\n}\n",
	}, {
		name: "a comment followed by code is not trailing",
		src:  "package p\n\nfunc f() {\n\tr.Event() /* c */; g()\n}\n",
		want: "package p\n\nfunc f() {\n\tif ok {\n\t\tr.Event()\n\t} /* c */; g()\n}\n",
	}, {
		name: "continuation lines indented, raw strings and empty lines kept",
		src:  "package p\n\nfunc f() {\n\tr.Eventf(obj,\n\t\t`raw\nline`,\n\n\t\terr)\n}\n",
		want: "package p\n\nfunc f() {\n\tif ok {\n\t\tr.Eventf(obj,\n\t\t\t`raw\nline`,\n\n\t\t\terr)\n\t}\n}\n",
	}, {
		name: "an unindented continuation line that starts with a renamed name",
		src:  "package p\n\nfunc f() {\nr.Event(obj,\nctx)\n}\n",
		want: "package p\n\nfunc f() {\nif ok {\n\tr.Event(obj,\n\tcctx)\n}\n}\n",
	}, {
		name: "the only statement of a one-line block: the block opened up",
		src:  "package p\n\nfunc f() {\n\tdefer func() { r.Event(ctx) }()\n}\n",
		want: "package p\n\nfunc f() {\n\tdefer func() {\n\t\tif ok {\n\t\t\tr.Event(cctx)\n\t\t}\n\t}()\n}\n",
	}, {
		name: "a one-line block with a comment: not wrapped",
		src:  "package p\n\nfunc f() {\n\tdefer func() { /* c */ r.Event() }()\n}\n",
	}, {
		name: "not the only statement on its line: not wrapped",
		src:  "package p\n\nfunc f() {\n\tg(); r.Event()\n}\n",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			_, file, tf := parse(t, tc.src)
			parent, stmt := eventStmt(file)
			edits, ok := wrap([]byte(tc.src), tf, file, parent, stmt, header)
			if !ok {
				if tc.want != "" {
					t.Fatalf("not wrapped, want:\n%s", tc.want)
				}
				return
			}
			if tc.want == "" {
				t.Fatalf("wrapped, want no edit: %v", edits)
			}
			ast.Inspect(stmt, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && id.Name == "ctx" {
					edits = append(edits, analysis.TextEdit{Pos: id.Pos(), End: id.End(), NewText: []byte("cctx")})
				}
				return true
			})
			if got := apply(t, tf, []byte(tc.src), edits); got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

func TestGuardClause(t *testing.T) {
	const header = "if cancelled {"
	for _, tc := range []struct {
		name, src string
		want      string // "" when no clause is inserted
	}{{
		name: "right before the statement, with its indentation",
		src:  "package p\n\nfunc f() {\n\tif x {\n\t\tg()\n\t\tr.Event()\n\t}\n}\n",
		want: "package p\n\nfunc f() {\n\tif x {\n\t\tg()\n\t\tif cancelled {\n\t\t\treturn\n\t\t}\n\t\tr.Event()\n\t}\n}\n",
	}, {
		name: "the statement's lines and trailing comment stay as they are",
		src:  "package p\n\nfunc f() {\n\tr.Eventf(obj,\n\t\t`raw\nline`,\n\t\terr) // why\n}\n",
		want: "package p\n\nfunc f() {\n\tif cancelled {\n\t\treturn\n\t}\n\tr.Eventf(obj,\n\t\t`raw\nline`,\n\t\terr) // why\n}\n",
	}, {
		name: "above the comment lines directly over the statement",
		src:  "package p\n\nfunc f() {\n\tg()\n\n\t// Tell the user.\n\t/* twice */\n\tr.Event()\n}\n",
		want: "package p\n\nfunc f() {\n\tg()\n\n\tif cancelled {\n\t\treturn\n\t}\n\t// Tell the user.\n\t/* twice */\n\tr.Event()\n}\n",
	}, {
		name: "a comment group a blank line above stays there",
		src:  "package p\n\nfunc f() {\n\t// About g.\n\n\tr.Event()\n}\n",
		want: "package p\n\nfunc f() {\n\t// About g.\n\n\tif cancelled {\n\t\treturn\n\t}\n\tr.Event()\n}\n",
	}, {
		name: "the trailing comment of the line above is not the statement's",
		src:  "package p\n\nfunc f() {\n\tg() // about g\n\tr.Event()\n}\n",
		want: "package p\n\nfunc f() {\n\tg() // about g\n\tif cancelled {\n\t\treturn\n\t}\n\tr.Event()\n}\n",
	}, {
		name: "nor a comment that code follows on its line",
		src:  "package p\n\nfunc f() {\n\t/* c */ g()\n\tr.Event()\n}\n",
		want: "package p\n\nfunc f() {\n\t/* c */ g()\n\tif cancelled {\n\t\treturn\n\t}\n\tr.Event()\n}\n",
	}, {
		name: "nor one after the opening brace",
		src:  "package p\n\nfunc f() { // about f\n\tr.Event()\n}\n",
		want: "package p\n\nfunc f() { // about f\n\tif cancelled {\n\t\treturn\n\t}\n\tr.Event()\n}\n",
	}, {
		name: "a statement that does not start its line: none",
		src:  "package p\n\nfunc f() {\n\tdefer func() { r.Event() }()\n}\n",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			_, file, tf := parse(t, tc.src)
			_, stmt := eventStmt(file)
			edit, ok := guardClause([]byte(tc.src), tf, file, stmt, header)
			if !ok {
				if tc.want != "" {
					t.Fatalf("no guard clause, want:\n%s", tc.want)
				}
				return
			}
			if tc.want == "" {
				t.Fatalf("guard clause inserted, want none: %q", edit.NewText)
			}
			if edit.Pos != edit.End {
				t.Errorf("the edit replaces text: %v", edit)
			}
			got := apply(t, tf, []byte(tc.src), []analysis.TextEdit{edit})
			if got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
			if formatted, err := format.Source([]byte(got)); err != nil || string(formatted) != got {
				t.Errorf("not gofmt-clean (%v):\n%s", err, got)
			}
		})
	}
}

// eventStmt finds the statement that calls a method of r, and its parent.
func eventStmt(file *ast.File) (ast.Node, ast.Stmt) {
	var parent ast.Node
	var stmt ast.Stmt
	var stack []ast.Node
	ast.Inspect(file, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if es, ok := n.(*ast.ExprStmt); ok && stmt == nil {
			if call, ok := es.X.(*ast.CallExpr); ok {
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
					if id, ok := sel.X.(*ast.Ident); ok && id.Name == "r" {
						parent, stmt = stack[len(stack)-1], es
					}
				}
			}
		}
		stack = append(stack, n)
		return true
	})
	return parent, stmt
}

func TestQualifier(t *testing.T) {
	errorsPkg := types.NewPackage("errors", "errors")
	errorsPkg.Scope().Insert(types.NewFunc(token.NoPos, errorsPkg, "Is", types.NewSignatureType(nil, nil, nil, nil, nil, false)))
	errorsPkg.MarkComplete()
	imp := importerFunc(func(path string) (*types.Package, error) {
		if path == "errors" {
			return errorsPkg, nil
		}
		other := types.NewPackage(path, path[strings.LastIndex(path, "/")+1:])
		other.Scope().Insert(types.NewVar(token.NoPos, other, "X", types.Typ[types.Int]))
		other.MarkComplete()
		return other, nil
	})
	for _, tc := range []struct {
		name, src string
		qual      string
		imports   []Import
	}{
		{"imported", "package p\n\nimport \"errors\"\n\nvar _ = errors.Is\n", "errors.", nil},
		{"imported under another name", "package p\n\nimport e \"errors\"\n\nvar _ = e.Is\n", "e.", nil},
		{"dot import", "package p\n\nimport . \"errors\"\n\nvar _ = Is\n", "", nil},
		{"not imported", "package p\n", "errors.", []Import{{Path: "errors"}}},
		{"the name taken at package level", "package p\n\nvar errors = 1\n", "stderrors.", []Import{{Name: "stderrors", Path: "errors"}}},
		{"the name taken by another import", "package p\n\nimport errors \"example.com/errors\"\n\nvar _ = errors.X\n", "stderrors.", []Import{{Name: "stderrors", Path: "errors"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fset, file, _ := parse(t, tc.src)
			info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Implicits: map[ast.Node]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Scopes: map[ast.Node]*types.Scope{}}
			conf := types.Config{Importer: imp, Error: func(error) {}}
			pkg, _ := conf.Check("p", fset, []*ast.File{file}, info)
			lookup := func(name string) types.Object {
				_, obj := info.Scopes[file].LookupParent(name, token.NoPos)
				return obj
			}
			qual, imports, ok := Qualifier(info, pkg, file, lookup, "errors", "Is")
			if !ok || qual != tc.qual || !slices.Equal(imports, tc.imports) {
				t.Errorf("got %q, %v, %v; want %q, %v", qual, imports, ok, tc.qual, tc.imports)
			}
		})
	}
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// TestTrailingComments: the comments that end a statement's line move with
// it, and only when nothing but them follows.
func TestTrailingComments(t *testing.T) {
	for _, tc := range []struct {
		name, line string
		want       string // the text carried, "" for none
	}{
		{"none", "\tr.Event()\n", ""},
		{"a line comment", "\tr.Event() // why\n", " // why"},
		{"a block and a line comment", "\tr.Event() /* a */ // b\n", " /* a */ // b"},
		{"code after the comment", "\tr.Event() /* a */; g()\n", ""},
		{"a comment on the next line", "\tr.Event()\n\t// next\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "package p\n\nfunc f() {\n" + tc.line + "}\n"
			_, file, tf := parse(t, src)
			_, stmt := eventStmt(file)
			end := trailingComments([]byte(src), tf, file, stmt.End())
			if text := src[tf.Offset(stmt.End()):tf.Offset(end)]; text != tc.want {
				t.Errorf("carried %q, want %q", text, tc.want)
			}
		})
	}
}

// TestSteps pins the edits of the steps other than the skip's forms and
// the imports, each built exactly as the analyzer hands it.
func TestSteps(t *testing.T) {
	const src = `package p

func (r *R) f(err error, ok bool) {
	if err != nil {
		r.rec.Event(err)
	}
	if ok || err == nil {
		r.rec.Event(nil)
	}
	ctx, cancel := context.WithTimeout(ctx, d)
	use(ctx)
	cancel()
}
`
	fset, file, tf := parse(t, src)
	var ifs []*ast.IfStmt
	var calls []*ast.CallExpr
	var idents []*ast.Ident
	var assign *ast.AssignStmt
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt:
			ifs = append(ifs, n)
		case *ast.CallExpr:
			calls = append(calls, n)
		case *ast.AssignStmt:
			assign = n
		case *ast.Ident:
			if n.Name == "ctx" && n.Pos() != assign.Rhs[0].(*ast.CallExpr).Args[0].Pos() {
				idents = append(idents, n)
			}
		}
		return true
	})
	decl := file.Decls[0].(*ast.FuncDecl)
	for _, tc := range []struct {
		name string
		step Step
		want string
	}{{
		name: "fold into a condition",
		step: Skip{File: file, Stmt: ifs[0].Body.List[0], Parent: ifs[0], Form: Fold, Cancelled: "errors.Is(ctx.Err(), context.Canceled)"},
		want: "\tif err != nil && !errors.Is(ctx.Err(), context.Canceled) {\n",
	}, {
		name: "fold into an ||, parenthesized",
		step: Skip{File: file, Stmt: ifs[1].Body.List[0], Parent: ifs[1], Form: Fold, Cancelled: "errors.Is(ctx.Err(), context.Canceled)"},
		want: "\tif (ok || err == nil) && !errors.Is(ctx.Err(), context.Canceled) {\n",
	}, {
		name: "another callee",
		step: Callee{Call: calls[0], Text: "r.event"},
		want: "\t\tr.event(err)\n",
	}, {
		name: "a rename, with := kept",
		step: Rename{Idents: idents, Name: "scanCtx", Assign: assign, Tok: token.DEFINE},
		want: "\tscanCtx, cancel := context.WithTimeout(ctx, d)\n\tuse(scanCtx)\n",
	}, {
		name: "a discarded context, := made =",
		step: Rename{Idents: idents[:1], Name: "_", Assign: assign, Tok: token.ASSIGN},
		want: "\t_, cancel = context.WithTimeout(ctx, d)\n",
	}, {
		name: "a method after a declaration",
		step: Method{File: file, After: decl, Doc: "event records the event unless ctx is cancelled.", Recv: "r *R", Name: "event",
			Params: "ctx context.Context, obj any", Cancelled: "errors.Is(ctx.Err(), context.Canceled)", Call: "r.rec.Event(obj)"},
		want: "}\n\n// event records the event unless ctx is cancelled.\nfunc (r *R) event(ctx context.Context, obj any) {\n\tif errors.Is(ctx.Err(), context.Canceled) {\n\t\treturn\n\t}\n\tr.rec.Event(obj)\n}\n",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			s := NewSources(fset, func(string) ([]byte, error) { return []byte(src), nil })
			fix, ok := s.Build(&Fix{Message: tc.name, Steps: []Step{tc.step}})
			if !ok {
				t.Fatal("not built")
			}
			got := apply(t, tf, []byte(src), fix.TextEdits)
			if !strings.Contains(got, tc.want) {
				t.Errorf("got:\n%s\nwant it to hold:\n%s", got, tc.want)
			}
			if _, err := format.Source([]byte(got)); err != nil {
				t.Errorf("does not parse: %v\n%s", err, got)
			}
		})
	}
}
