package plugin

import (
	"reflect"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
)

// The raw settings below have the shapes golangci-lint's configuration loader
// produces from YAML: map[string]any, []any, string, bool, int.

func TestNewAcceptsGoodSettings(t *testing.T) {
	tests := []struct {
		name string
		raw  any
		want Settings
	}{
		{"absent", nil, Settings{}},
		{"empty", map[string]any{}, Settings{}},
		{"every setting", map[string]any{
			"scope":     "reconcile",
			"roots":     []any{`^example\.com/ctrl\.\(\*Reconciler\)\.Sync$`, `example\.com/jobs\.Run`},
			"sinks":     []any{"example.com/notify.Client.Send", "example.com/notify.Alert"},
			"guards":    []any{"example.com/lifecycle.ShuttingDown", "!example.com/lifecycle.Manager.Running"},
			"strict":    true,
			"generated": true,
		}, Settings{
			Scope:     "reconcile",
			Roots:     []string{`^example\.com/ctrl\.\(\*Reconciler\)\.Sync$`, `example\.com/jobs\.Run`},
			Sinks:     []string{"example.com/notify.Client.Send", "example.com/notify.Alert"},
			Guards:    []string{"example.com/lifecycle.ShuttingDown", "!example.com/lifecycle.Manager.Running"},
			Strict:    true,
			Generated: true,
		}},
		{"scope all", map[string]any{"scope": "all"}, Settings{Scope: "all"}},
		{"empty lists", map[string]any{"roots": []any{}, "sinks": nil}, Settings{Roots: []string{}}},
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
			"ctxnotify: sinks: got a mapping, want a list of pkgpath.Type.Method or pkgpath.Func"},
		{"scope not a string", map[string]any{"scope": true},
			`ctxnotify: scope: got a boolean, want "all" or "reconcile"`},
		{"scope unknown", map[string]any{"scope": "controllers"},
			`ctxnotify: scope: "controllers" is not a scope; use "all" or "reconcile"`},
		{"roots a string", map[string]any{"roots": "Reconcile"},
			"ctxnotify: roots: got a string, want a list of regular expressions over pkgpath.Recv.Method or pkgpath.Func"},
		{"roots entry a number", map[string]any{"roots": []any{1}},
			"ctxnotify: roots: an entry is a number, want a list of regular expressions over pkgpath.Recv.Method or pkgpath.Func"},
		{"roots bad regexp", map[string]any{"roots": []any{"(Reconcile"}},
			`ctxnotify: roots: "(Reconcile" is not a regular expression over pkgpath.Recv.Method or pkgpath.Func: ...`},
		{"sinks a string", map[string]any{"sinks": "example.com/notify.Alert"},
			"ctxnotify: sinks: got a string, want a list of pkgpath.Type.Method or pkgpath.Func"},
		{"sinks entry a list", map[string]any{"sinks": []any{[]any{"a"}}},
			"ctxnotify: sinks: an entry is a list, want a list of pkgpath.Type.Method or pkgpath.Func"},
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

// TestSettingFormsCoverSettings keeps the table error messages quote in step
// with the Settings struct.
func TestSettingFormsCoverSettings(t *testing.T) {
	typ := reflect.TypeFor[Settings]()
	if typ.NumField() != len(settingForms) {
		t.Fatalf("Settings has %d fields, settingForms %d entries", typ.NumField(), len(settingForms))
	}
	for i := range typ.NumField() {
		f := typ.Field(i)
		tag := f.Tag.Get("json")
		if tag != settingForms[i].name {
			t.Errorf("field %s has json key %q, settingForms[%d] names %q", f.Name, tag, i, settingForms[i].name)
		}
		if list := f.Type.Kind() == reflect.Slice; list != settingForms[i].list {
			t.Errorf("setting %s: list = %v in settingForms, want %v", tag, settingForms[i].list, list)
		}
	}
}

// TestSettingsMirrorConfig keeps Settings in step with analyzer.Config: every
// Config field has a setting, so nothing the CLI can set is missing here.
func TestSettingsMirrorConfig(t *testing.T) {
	cfg := reflect.TypeFor[Settings]()
	var s Settings
	c := s.config()
	ct := reflect.TypeOf(c)
	if ct.NumField() != cfg.NumField() {
		t.Fatalf("analyzer.Config has %d fields, Settings %d", ct.NumField(), cfg.NumField())
	}
	for i := range ct.NumField() {
		if _, ok := cfg.FieldByName(ct.Field(i).Name); !ok {
			t.Errorf("analyzer.Config.%s has no setting", ct.Field(i).Name)
		}
	}
}
