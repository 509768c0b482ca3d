package qualname

import (
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
