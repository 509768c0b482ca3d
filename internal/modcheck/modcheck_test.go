package modcheck

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
)

// writeModule writes module example.com/m: packages m and m/notify, and
// m/testonly, which has test files only.
func writeModule(t *testing.T) (root string) {
	root = t.TempDir()
	for name, content := range map[string]string{
		"go.mod":             "module example.com/m\n",
		"root.go":            "package m\n",
		"notify/notify.go":   "package notify\n",
		"testonly/a_test.go": "package testonly\n",
	} {
		path := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestCheckInModule(t *testing.T) {
	root := writeModule(t)
	for name, want := range map[string]string{
		"example.com/m/notify.Send":      "",
		"example.com/m.Send":             "",
		"example.org/elsewhere.Send":     "",
		"example.com/m/notfiy.Send":      "module example.com/m has no package example.com/m/notfiy",
		"example.com/m/testonly.Live":    "module example.com/m has no package example.com/m/testonly",
		"example.com/m/notify/deep.Send": "module example.com/m has no package example.com/m/notify/deep",
	} {
		err := CheckInModule(root, "example.com/m", name)
		if got := ""; err != nil {
			got = err.Error()
			if got != want {
				t.Errorf("CheckInModule(%q) = %q, want %q", name, got, want)
			}
		} else if want != "" {
			t.Errorf("CheckInModule(%q) = nil, want %q", name, want)
		}
	}
	if r, mod, ok := FindModule(filepath.Join(root, "notify")); !ok || r != root || mod != "example.com/m" {
		t.Errorf("FindModule = %q, %q, %v; want %q, example.com/m", r, mod, ok, root)
	}
	for _, tc := range []struct{ dir, pkg, mod, want string }{
		{filepath.Join(root, "notify"), "example.com/m/notify", "example.com/m", root},
		{filepath.Join(root, "notify"), "example.com/m/notify_test", "example.com/m", root},
		{root, "example.com/m", "example.com/m", root},
		{root, "example.org/other", "example.com/m", ""},
	} {
		got, ok := ModuleRoot(tc.dir, tc.pkg, tc.mod)
		if (tc.want == "") == ok || ok && got != tc.want {
			t.Errorf("ModuleRoot(%s, %s, %s) = %q, %v; want %q", tc.dir, tc.pkg, tc.mod, got, ok, tc.want)
		}
	}
}

// TestCheckNames: the error is the first entry, sinks first, that lies in
// the module and names none of its packages, with its setting and without
// a guard's "!"; entries elsewhere, or in a package, pass.
func TestCheckNames(t *testing.T) {
	root := writeModule(t)
	for _, tc := range []struct {
		c    analyzer.Config
		want string
	}{
		{analyzer.Config{}, ""},
		{analyzer.Config{Sinks: []string{"example.com/m/notify.Send", "example.org/elsewhere.Send"}, Guards: []string{"!example.com/m.Live"}}, ""},
		{analyzer.Config{Sinks: []string{"example.com/m/notify.Send"}, Guards: []string{"!example.com/m/testonly.Live"}},
			`guards: "example.com/m/testonly.Live" names nothing: module example.com/m has no package example.com/m/testonly`},
		{analyzer.Config{Sinks: []string{"example.com/m/notfiy.Send"}, Guards: []string{"example.com/m/gone.Live"}},
			`sinks: "example.com/m/notfiy.Send" names nothing: module example.com/m has no package example.com/m/notfiy`},
	} {
		got := ""
		if err := CheckNames(tc.c, root, "example.com/m"); err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("CheckNames(%+v) = %q, want %q", tc.c, got, tc.want)
		}
	}
}
