package plugin

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
)

// The raw settings below have the shapes golangci-lint's configuration loader
// produces from YAML: map[string]any, []any, string, bool, int.

func TestNewAcceptsGoodSettings(t *testing.T) {
	tests := []struct {
		name string
		raw  any
		want analyzer.Config
	}{
		{"absent", nil, analyzer.Config{}},
		{"empty", map[string]any{}, analyzer.Config{}},
		{"every setting", map[string]any{
			"scope":     "reconcile",
			"roots":     []any{`^example\.com/ctrl\.\(\*Reconciler\)\.Sync$`, `example\.com/jobs\.Run`},
			"sinks":     []any{"example.com/notify.Client.Send", "example.com/notify.Alert"},
			"guards":    []any{"example.com/lifecycle.ShuttingDown", "!example.com/lifecycle.Manager.Running"},
			"strict":    true,
			"generated": true,
		}, analyzer.Config{
			Scope:     "reconcile",
			Roots:     []string{`^example\.com/ctrl\.\(\*Reconciler\)\.Sync$`, `example\.com/jobs\.Run`},
			Sinks:     []string{"example.com/notify.Client.Send", "example.com/notify.Alert"},
			Guards:    []string{"example.com/lifecycle.ShuttingDown", "!example.com/lifecycle.Manager.Running"},
			Strict:    true,
			Generated: true,
		}},
		{"scope all", map[string]any{"scope": "all"}, analyzer.Config{Scope: "all"}},
		{"empty lists", map[string]any{"roots": []any{}, "sinks": nil}, analyzer.Config{Roots: []string{}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := decodeSettings(tt.raw)
			if err != nil {
				t.Fatalf("decodeSettings: %v", err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("decodeSettings = %+v, want %+v", got, tt.want)
			}
			p, err := New(tt.raw)
			if err != nil {
				t.Fatalf("New: %v", err)
			}
			if mode := p.GetLoadMode(); mode != register.LoadModeTypesInfo {
				t.Errorf("GetLoadMode = %q, want %q", mode, register.LoadModeTypesInfo)
			}
			as, err := p.BuildAnalyzers()
			if err != nil || len(as) != 1 || as[0].Name != Name {
				t.Fatalf("BuildAnalyzers = %v, %v; want the %s analyzer", as, err, Name)
			}
		})
	}
}

func TestNewRejectsBadSettings(t *testing.T) {
	tests := []struct {
		name string
		raw  any
		want string // the whole message, or its start when it ends in "..."
	}{
		{"not a mapping", "reconcile",
			"ctxnotify: settings: got a string, want a mapping with the keys scope, roots, sinks, guards, strict, generated"},
		{"a list", []any{"scope"},
			"ctxnotify: settings: got a list, want a mapping with the keys scope, roots, sinks, guards, strict, generated"},
		{"unknown key", map[string]any{"scopes": "all"},
			`ctxnotify: unknown setting "scopes"; the settings are scope, roots, sinks, guards, strict, generated`},
		{"identifier as a key", map[string]any{"sinks": map[string]any{"example": map[string]any{"com/notify": "Send"}}},
			"ctxnotify: sinks: got a mapping, want a list of pkgpath.Func or pkgpath.Type.Method"},
		{"scope not a string", map[string]any{"scope": true},
			`ctxnotify: scope: got a boolean, want "all" or "reconcile"`},
		{"scope unknown", map[string]any{"scope": "controllers"},
			`ctxnotify: scope: "controllers" is not a scope; use "all" or "reconcile"`},
		{"roots a string", map[string]any{"roots": "Reconcile"},
			"ctxnotify: roots: got a string, want a list of regular expressions over pkgpath.Recv.Method or pkgpath.Func"},
		{"roots entry a number", map[string]any{"roots": []any{1}},
			"ctxnotify: roots: an entry is a number, want a list of regular expressions over pkgpath.Recv.Method or pkgpath.Func"},
		{"roots bad regexp", map[string]any{"roots": []any{"(Reconcile"}},
			`ctxnotify: roots: "(Reconcile" is not a regular expression (...`},
		{"sinks a string", map[string]any{"sinks": "example.com/notify.Alert"},
			"ctxnotify: sinks: got a string, want a list of pkgpath.Func or pkgpath.Type.Method"},
		{"sinks entry a list", map[string]any{"sinks": []any{[]any{"a"}}},
			"ctxnotify: sinks: an entry is a list, want a list of pkgpath.Func or pkgpath.Type.Method"},
		{"sinks malformed", map[string]any{"sinks": []any{"Alert"}},
			`ctxnotify: sinks: "Alert": want pkgpath.Func or pkgpath.Type.Method...`},
		{"guards a mapping", map[string]any{"guards": map[string]any{"a": "b"}},
			`ctxnotify: guards: got a mapping, want a list of pkgpath.Func or pkgpath.Type.Method, "!" in front when true means not cancelled`},
		{"guards malformed", map[string]any{"guards": []any{"!example.com/lifecycle."}},
			`ctxnotify: guards: "example.com/lifecycle.": ...`},
		{"strict a string", map[string]any{"strict": "yes"},
			"ctxnotify: strict: got a string, want true or false"},
		{"generated a number", map[string]any{"generated": 1},
			"ctxnotify: generated: got a number, want true or false"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := New(tt.raw)
			if err == nil {
				t.Fatalf("New(%#v) = %v, want an error", tt.raw, p)
			}
			got := err.Error()
			if prefix, ok := strings.CutSuffix(tt.want, "..."); ok {
				if !strings.HasPrefix(got, prefix) {
					t.Errorf("New(%#v) error = %q, want it to start with %q", tt.raw, got, prefix)
				}
			} else if got != tt.want {
				t.Errorf("New(%#v) error = %q, want %q", tt.raw, got, tt.want)
			}
			if strings.Contains(got, "\n") {
				t.Errorf("error %q spans lines, want one message", got)
			}
		})
	}
}

// TestDecodeEveryDocumentedKey: each documented setting (analyzer.Settings,
// which the flags' usage, the errors and the documentation's tables
// follow) decodes into its own field of analyzer.Config, and every field
// of Config is such a setting.
func TestDecodeEveryDocumentedKey(t *testing.T) {
	raw := map[string]any{
		"scope":     "reconcile",
		"roots":     []any{`^example\.com/ctrl\.Sync$`},
		"sinks":     []any{"example.com/notify.Send"},
		"guards":    []any{"!example.com/lifecycle.Running"},
		"strict":    true,
		"generated": true,
	}
	want := map[string]any{ // by json key: the field's value
		"scope":     "reconcile",
		"roots":     []string{`^example\.com/ctrl\.Sync$`},
		"sinks":     []string{"example.com/notify.Send"},
		"guards":    []string{"!example.com/lifecycle.Running"},
		"strict":    true,
		"generated": true,
	}
	var documented []string
	for _, s := range analyzer.Settings {
		documented = append(documented, s.Name)
		if _, ok := raw[s.Name]; !ok {
			t.Errorf("the documented setting %q has no value in this test", s.Name)
		}
	}
	if len(raw) != len(documented) {
		t.Errorf("the test sets %d keys, analyzer.Settings documents %d: %v", len(raw), len(documented), documented)
	}
	got, err := decodeSettings(raw)
	if err != nil {
		t.Fatalf("decodeSettings: %v", err)
	}
	v := reflect.ValueOf(got)
	typ := v.Type()
	var keys []string
	for i := range typ.NumField() {
		f := typ.Field(i)
		key := f.Tag.Get("json")
		keys = append(keys, key)
		w, ok := want[key]
		if !ok {
			t.Errorf("analyzer.Config.%s (json key %q) is no documented setting", f.Name, key)
			continue
		}
		if !reflect.DeepEqual(v.Field(i).Interface(), w) {
			t.Errorf("setting %s: Config.%s = %#v, want %#v", key, f.Name, v.Field(i).Interface(), w)
		}
	}
	if !slices.Equal(keys, documented) {
		t.Errorf("analyzer.Config's json keys %v, in order, are not the documented settings %v", keys, documented)
	}
}

// TestNewChecksModuleNames: an entry in the module golangci-lint runs in
// must name one of its packages, which only the file system tells.
func TestNewChecksModuleNames(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"go.mod":             "module example.com/m\n\ngo 1.26\n",
		"notify/notify.go":   "package notify\n",
		"notify/x_test.go":   "package notify\n",
		"testonly/a_test.go": "package testonly\n",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(filepath.Join(dir, "notify")) // golangci-lint may run in a subdirectory
	for _, tc := range []struct {
		raw  map[string]any
		want string // "" when accepted
	}{
		{map[string]any{"sinks": []any{"example.com/m/notify.Send"}}, ""},
		{map[string]any{"sinks": []any{"example.org/other.Send"}}, ""},
		{map[string]any{"sinks": []any{"example.com/m/notfiy.Send"}}, `ctxnotify: sinks: "example.com/m/notfiy.Send" names nothing: module example.com/m has no package example.com/m/notfiy`},
		{map[string]any{"guards": []any{"!example.com/m/testonly.Live"}}, `ctxnotify: guards: "example.com/m/testonly.Live" names nothing: module example.com/m has no package example.com/m/testonly`},
	} {
		_, err := New(tc.raw)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("New(%v): %v, want no error", tc.raw, err)
		case tc.want != "" && (err == nil || err.Error() != tc.want):
			t.Errorf("New(%v) = %v, want %q", tc.raw, err, tc.want)
		}
	}
}
