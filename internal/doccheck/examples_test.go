package doccheck

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// An example is a doc's code block of reported code and the block of what
// -fix makes of it, run inside a reconciler's method that the test
// writes around them.
type example struct {
	doc               string
	reported, fixed   string // the blocks, unindented
	imports, recorder string // of the method's package: the recorder the reconciler embeds
}

// TestFirstExamples compiles the first example of the README and that of
// the analyzer's doc ("help ctxnotify" prints it) in a module on the
// catalogue's stubs of client-go and controller-runtime, inside a method
// without results of a reconciler that embeds controller-runtime's client
// and a recorder; runs the command there, which must report the line the
// block marks "// reported" and nothing else; applies -fix; and requires
// the method's body to be the doc's fix block (trailing comments aside:
// the docs say in one what the other line is), and a second run to report
// nothing, which also type-checks the fixed code.
func TestFirstExamples(t *testing.T) {
	t.Parallel()
	readme := goBlocks(section(t, "\n"+strings.SplitN(read(t, "README.md"), "\n## ", 2)[0], "# ctxnotify-lint"))
	if len(readme) < 2 {
		t.Fatalf("the README opens with %d Go blocks, want the reported code and its fix", len(readme))
	}
	rule := commentBlocks(strings.SplitN(docComment(t, "analyzer/doc.go"), "\n# Sinks\n", 2)[0])
	if len(rule) < 2 {
		t.Fatalf("analyzer/doc.go's rule opens with %d code blocks, want the reported code and its fix", len(rule))
	}
	for _, ex := range []example{
		{doc: "README.md", reported: readme[0], fixed: readme[1],
			imports: `corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/recorder"`, recorder: "recorder.EventRecorder"},
		{doc: "analyzer/doc.go", reported: rule[0], fixed: rule[1],
			imports: `"errors"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"`, recorder: "record.EventRecorder"},
	} {
		t.Run(ex.doc, func(t *testing.T) {
			t.Parallel()
			checkExample(t, ex)
		})
	}
}

func checkExample(t *testing.T, ex example) {
	t.Helper()
	const method = "func (r *Reconciler) reconcile(ctx context.Context, obj client.Object, patch client.Patch) {\n"
	src := fmt.Sprintf(`package controller

import (
	"context"

	%s
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct {
	client.Client
	%s
}

%s%s}
`, ex.imports, ex.recorder, method, indent(ex.reported))
	dir := stubModule(t, map[string]string{"controller/controller.go": src})
	bin := testkit.Command(t)
	r := testkit.Run(t, dir, bin, "./...")
	found, other := testkit.ParseFindings(t, dir, r.Stderr)
	var marked []string
	for i, line := range strings.Split(src, "\n") {
		if strings.Contains(line, "// reported") {
			marked = append(marked, fmt.Sprintf("controller/controller.go:%d", i+1))
		}
	}
	if got := testkit.Lines(found); r.Code != 3 || len(other) > 0 || strings.Join(got, " ") != strings.Join(marked, " ") || len(marked) == 0 {
		t.Fatalf("%s: the example's reported code: exit code %d, findings at %v, want 3 and the lines marked // reported, %v:\n%s", ex.doc, r.Code, got, marked, r.Output)
	}
	if r := testkit.Run(t, dir, bin, "-fix", "./..."); r.Code != 0 {
		t.Fatalf("-fix: exit code %d\n%s", r.Code, r.Output)
	}
	data, err := os.ReadFile(filepath.Join(dir, "controller", "controller.go"))
	if err != nil {
		t.Fatal(err)
	}
	_, body, ok := strings.Cut(string(data), method)
	body, _, _ = strings.Cut(body, "\n}\n")
	if got, want := withoutComments(unindent(body+"\n")), withoutComments(ex.fixed); !ok || got != want {
		t.Errorf("%s shows the fix as\n%s\n-fix writes\n%s", ex.doc, ex.fixed, unindent(body+"\n"))
	}
	if r := testkit.Run(t, dir, bin, "./..."); r.Code != 0 || r.Output != "" {
		t.Errorf("after -fix: exit code %d, want 0 and nothing:\n%s", r.Code, r.Output)
	}
}

// stubModule writes a module with files that requires client-go,
// controller-runtime and their stubs of the analyzer's catalogue
// (testdata/src), as the module-mode catalogue testdata/eventsv1 does.
func stubModule(t *testing.T, files map[string]string) string {
	t.Helper()
	gomod := read(t, "testdata/eventsv1/go.mod")
	// The catalogue's relative replacements, made absolute.
	gomod = regexp.MustCompile(`=> \.\./src/`).ReplaceAllString(gomod, "=> "+filepath.Join(testkit.Root(t), "testdata", "src")+"/")
	gomod = regexp.MustCompile(`=> \./`).ReplaceAllString(gomod, "=> "+filepath.Join(testkit.Root(t), "testdata", "eventsv1")+"/")
	gomod = strings.Replace(gomod, "module eventsv1", "module example.com/doc", 1)
	all := map[string]string{"go.mod": gomod}
	for name, content := range files {
		all[name] = content
	}
	return testkit.WriteModule(t, all)
}

// goBlocks returns the contents of the fenced go blocks of a Markdown text.
func goBlocks(text string) []string {
	var blocks []string
	var cur *strings.Builder
	for line := range strings.Lines(text) {
		switch {
		case cur == nil && strings.TrimSpace(line) == "```go":
			cur = new(strings.Builder)
		case cur != nil && strings.HasPrefix(line, "```"):
			blocks = append(blocks, cur.String())
			cur = nil
		case cur != nil:
			cur.WriteString(line)
		}
	}
	return blocks
}

// commentBlocks returns the code blocks of a doc comment's text (lines
// indented by a tab), unindented.
func commentBlocks(text string) []string {
	var blocks []string
	in := false
	for line := range strings.Lines(text) {
		code, ok := strings.CutPrefix(line, "\t")
		switch {
		case ok && !in:
			blocks = append(blocks, code)
		case ok:
			blocks[len(blocks)-1] += code
		}
		in = ok
	}
	return blocks
}

func indent(code string) string {
	var b strings.Builder
	for line := range strings.Lines(code) {
		if line != "\n" {
			b.WriteString("\t")
		}
		b.WriteString(line)
	}
	return b.String()
}

func unindent(code string) string {
	var b strings.Builder
	for line := range strings.Lines(code) {
		b.WriteString(strings.TrimPrefix(line, "\t"))
	}
	return b.String()
}

// withoutComments drops the trailing // comments of code's lines.
func withoutComments(code string) string {
	return regexp.MustCompile(`(?m)\s*// .*$`).ReplaceAllString(code, "")
}

// TestReadmeContextInHand checks the README's limitation of contexts
// reached through an expression: an event after a call handed the
// context of a struct field is reported once the code names it as the
// README says (ctx := r.ctx), and not before; and a request's context,
// named as well, stays outside the rule.
func TestReadmeContextInHand(t *testing.T) {
	t.Parallel()
	limitations := section(t, read(t, "README.md"), "## Limitations")
	m := regexp.MustCompile("name it \\(`(ctx := r\\.(\\w+))`\\) to have the code checked").FindStringSubmatch(limitations)
	if m == nil || !strings.Contains(limitations, "`req.Context()`") {
		t.Fatalf("the README's limitations do not say to name a field's context (ctx := r.FIELD) and what of a request's:\n%s", limitations)
	}
	named, field := m[1], m[2]
	const body = `if err := r.Update(%s, obj); err != nil {
		r.Eventf(obj, corev1.EventTypeWarning, "UpdateFailed", "%%s", err)
	}`
	src := fmt.Sprintf(`package controller

import (
	"context"
	"net/http"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct {
	client.Client
	record.EventRecorder
	%s context.Context
}

func (r *Reconciler) unnamed(obj client.Object) {
	%s
}

func (r *Reconciler) named(obj client.Object) {
	%s
	%s
}

func (r *Reconciler) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	var obj client.Object
	ctx := req.Context()
	%s
}
`, field, fmt.Sprintf(body, "r."+field), named, fmt.Sprintf(body, "ctx"), fmt.Sprintf(body, "ctx"))
	dir := stubModule(t, map[string]string{"controller/controller.go": src})
	r := testkit.Run(t, dir, testkit.Command(t), "./...")
	found, other := testkit.ParseFindings(t, dir, r.Stderr)
	want := fmt.Sprintf("controller/controller.go:%d", strings.Count(strings.SplitN(src, "func (r *Reconciler) named", 2)[0], "\n")+4)
	if got := testkit.Lines(found); r.Code != 3 || len(other) > 0 || len(got) != 1 || got[0] != want {
		t.Errorf("exit code %d, findings at %v; want 3 and one finding, at %s (the event after %s):\n%s\n%s", r.Code, got, want, named, r.Output, src)
	}
}
