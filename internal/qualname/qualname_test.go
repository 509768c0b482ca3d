package qualname

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	for name, want := range map[string]string{
		"example.com/events.Notify":          "",
		"example.com/events.Recorder.Eventf": "",
		"gopkg.in/yaml.v3.Marshal":           "",
		"Notify":                             "want pkgpath.Func or pkgpath.Type.Method",
		"":                                   "want pkgpath.Func or pkgpath.Type.Method",
		"example.com/n.Type.1x":              `"1x" is not an identifier`,
		"example.com/n.A,B":                  "want pkgpath.Func",
	} {
		err := Parse(name)
		switch {
		case want == "" && err != nil:
			t.Errorf("Parse(%q) = %v, want nil", name, err)
		case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
			t.Errorf("Parse(%q) = %v, want an error containing %q", name, err, want)
		}
	}
}

func TestInAndPackages(t *testing.T) {
	if rest, ok := In("example.com/events.Recorder.Eventf", "example.com/events"); !ok || rest != "Recorder.Eventf" {
		t.Errorf("In = %q, %v", rest, ok)
	}
	if _, ok := In("example.com/events/sub.F", "example.com/events"); ok {
		t.Error("In matched a package below the one asked for")
	}
	if got, want := Packages("gopkg.in/yaml.v3.Node.Decode"), []string{"gopkg.in/yaml", "gopkg.in/yaml.v3", "gopkg.in/yaml.v3.Node"}; !slices.Equal(got, want) {
		t.Errorf("Packages = %q, want %q", got, want)
	}
}

func TestCheckInModule(t *testing.T) {
	root := t.TempDir()
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
