package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// TestNeovimMake runs the Neovim setup docs/editors.md gives (its vim
// block: go vet with the command as makeprg, and the errorformat) in a
// headless Neovim over the example module, and checks that :make fills
// the quickfix list with the locations go vet prints: every finding and
// its related lines, and nothing else. It is skipped where Neovim is not
// installed (apt-get install neovim).
func TestNeovimMake(t *testing.T) {
	if testing.Short() {
		t.Skip("downloads modules and analyses their packages")
	}
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		t.Skip("no nvim on the PATH")
	}
	t.Parallel()
	blocks := fencedBlocks(docSection(t, doc(t, "docs/editors.md"), "## Neovim"), "vim")
	if len(blocks) != 1 {
		t.Fatalf("docs/editors.md's Neovim section has %d vim blocks, want the one setup", len(blocks))
	}
	bin := testkit.Command(t)
	dir := testkit.CopyModule(t, e2eModule(t))
	qf := filepath.Join(t.TempDir(), "quickfix")
	script := filepath.Join(t.TempDir(), "make.vim")
	err = os.WriteFile(script, []byte(blocks[0]+`silent make
call writefile(map(getqflist(), {_, e -> e.valid ? fnamemodify(bufname(e.bufnr), ':.') . ':' . e.lnum . ':' . e.col . ': ' . e.text : 'not a location: ' . e.text}), '`+qf+`')
qall!
`), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(nvim, "--headless", "-u", "NONE", "-i", "NONE", "-S", script, filepath.Join("internal", "controller", "podinfo_controller.go"))
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"))
	if r := testkit.RunCmd(t, cmd); r.Code != 0 {
		t.Fatalf("nvim: exit code %d\n%s", r.Code, r.Output)
	}
	data, err := os.ReadFile(qf)
	if err != nil {
		t.Fatalf("nvim wrote no quickfix list: %v", err)
	}
	got := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")

	r := testkit.Run(t, dir, "go", "vet", "-vettool="+bin, "./...")
	var want []string
	for line := range strings.Lines(testkit.WithoutDownloads(r.Stderr)) {
		if line = strings.TrimSuffix(line, "\n"); !strings.HasPrefix(line, "# ") && line != "" {
			want = append(want, line)
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if r.Code != 1 || len(want) == 0 || !slices.Equal(got, want) {
		t.Errorf("the quickfix list holds\n%s\ngo vet (exit code %d) prints\n%s", strings.Join(got, "\n"), r.Code, strings.Join(want, "\n"))
	}
}
